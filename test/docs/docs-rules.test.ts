/**
 * The README stays a seller's guide that loads on a phone (at most 20 KB), the architecture page and the benchmark's
 * method stay maps (at most 25 KB and 15 KB), and nothing a newcomer reads refers to a tracker's "issue N": not the
 * docs, not the benchmark's method, not a comment in src/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { docPages, REPO } from './markdown.ts';

const KB = 1024;
const SIZE_LIMITS: Record<string, number> = {
  'README.md': 20 * KB,
  'docs/architecture.md': 25 * KB,
  'bench/README.md': 15 * KB,
};
const ISSUE_REFERENCE = /\bissues? #?\d+/gi;

function sourceFiles(folder: string): string[] {
  return readdirSync(join(REPO, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));
}

describe('the docs', () => {
  it.each(Object.entries(SIZE_LIMITS))('keep %s within its size', (page, limit) => {
    expect(statSync(join(REPO, page)).size).toBeLessThanOrEqual(limit);
  });

  it('never mention an issue number, nor does the benchmark method or the source', () => {
    const pages = [...docPages(), 'bench/README.md', ...sourceFiles('src')];
    expect(pages.length).toBeGreaterThan(100);
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
