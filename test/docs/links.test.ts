/**
 * Every relative link and every #anchor in README.md, CONTRIBUTING.md and docs/ leads somewhere: the file exists
 * and, for an anchor, the target has a heading GitHub gives that anchor. External links are not followed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, docPages, linksOf, slug } from './markdown.ts';

describe('the docs', () => {
  it('are the README, CONTRIBUTING and the pages under docs/', () => {
    const pages = docPages();
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/usage.md', 'docs/configuration.md']));
  });

  it('have no broken relative link or anchor', () => {
    expect(brokenLinks(docPages())).toEqual([]);
  });
});

describe('GitHub anchors', () => {
  it('lower-case the heading, drop punctuation and emoji, turn each space into -', () => {
    expect(slug('1. Get a bot token')).toBe('1-get-a-bot-token');
    expect(slug('Helpers (staff)')).toBe('helpers-staff');
    expect(slug('Check your setup: `npm run doctor`')).toBe('check-your-setup-npm-run-doctor');
    expect(slug('`BOT_LANGUAGE` and `BOT_TIMEZONE`')).toBe('bot_language-and-bot_timezone');
    expect(slug('Reminders and auto-cancel')).toBe('reminders-and-auto-cancel');
    expect(slug('🟢 New order — what it shows')).toBe('-new-order--what-it-shows');
    expect(slug('See [the guide](guide.md) first')).toBe('see-the-guide-first');
  });

  it('keep Cyrillic letters', () => {
    expect(slug('Настройка бота: `BOT_LANGUAGE=ru`')).toBe('настройка-бота-bot_languageru');
  });

  it('number repeated headings -1, -2, and ignore headings in code blocks', () => {
    const page = ['# Setup', '## Docker', '```sh', '# Docker', '```', '## Docker', '### Docker'].join('\n');
    expect([...anchorsOf(page)]).toEqual(['setup', 'docker', 'docker-1', 'docker-2']);
  });
});

describe('finding links', () => {
  it('reads inline links, images and reference definitions, not links in code', () => {
    const page = [
      'See [usage](docs/usage.md#helpers) and ![chart](docs/chart.png "Sales").',
      'Not `[this](nowhere.md)`, nor:',
      '```md',
      '[that](nowhere.md)',
      '```',
      '[ref]: CONTRIBUTING.md',
    ].join('\n');
    expect(linksOf(page)).toEqual([
      { line: 1, target: 'docs/usage.md#helpers' },
      { line: 1, target: 'docs/chart.png' },
      { line: 6, target: 'CONTRIBUTING.md' },
    ]);
  });
});

describe('the checker', () => {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  const tree = (files: Record<string, string>) => {
    root = mkdtempSync(join(tmpdir(), 'doc-links-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };

  it('reports a missing file, a missing anchor and a path out of the repository, and passes good links', () => {
    const dir = tree({
      'README.md': [
        '# Guide',
        '[ok](docs/usage.md#several-stores) [ok](#guide) [ok](https://example.com/x.md) [ok](mailto:a@b.c)',
        '[gone](docs/missing.md) [bad anchor](docs/usage.md#several-shops)',
        '[out](../elsewhere.md)',
      ].join('\n'),
      'docs/usage.md': '# Usage\n\n## Several stores\n\n[back](../README.md#guide) [self](#usage)\n',
    });
    expect(brokenLinks(['README.md', 'docs/usage.md'], dir)).toEqual([
      'README.md:3: docs/missing.md (no such file)',
      'README.md:3: docs/usage.md#several-shops (no heading with this anchor)',
      'README.md:4: ../elsewhere.md (outside the repository)',
    ]);
  });
});
