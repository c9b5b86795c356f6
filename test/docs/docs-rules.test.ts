/**
 * The README stays a seller's guide that loads on a phone (at most 20 KB), and the docs are maps, not diaries: no
 * page refers to a tracker's "issue N". bench/README.md, the benchmark's own log, is not one of these pages.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPages, REPO } from './markdown.ts';

const README_MAX_BYTES = 20 * 1024;
const ISSUE_REFERENCE = /\bissues? #?\d+/gi;

describe('the docs', () => {
  it('keep README.md at most 20 KB', () => {
    expect(statSync(join(REPO, 'README.md')).size).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('never mention an issue number', () => {
    const pages = docPages();
    expect(pages).not.toContain('bench/README.md');
    const mentions = pages.flatMap((page) =>
      [...readFileSync(join(REPO, page), 'utf8').matchAll(ISSUE_REFERENCE)].map((match) => `${page}: ${match[0]}`),
    );
    expect(mentions).toEqual([]);
  });

  it('recognise an issue number however it is written', () => {
    const found = 'see issue 15, Issues #3 and issue #42; not tissue 5 or issues'.match(ISSUE_REFERENCE);
    expect(found).toEqual(['issue 15', 'Issues #3', 'issue #42']);
  });
});
