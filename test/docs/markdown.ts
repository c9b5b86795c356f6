/**
 * Just enough Markdown for the docs tests: the seller-facing pages, their headings as GitHub turns them into anchors,
 * and the relative links in them. Fenced code blocks and inline code are not Markdown, so links and headings in
 * them are ignored.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const REPO = resolve(import.meta.dirname, '../..');

/** README.md, CONTRIBUTING.md and every page under docs/, as paths relative to the repository. */
export function docPages(root: string = REPO): string[] {
  const pages = ['README.md', 'CONTRIBUTING.md'].filter((page) => existsSync(join(root, page)));
  const walk = (folder: string): string[] =>
    readdirSync(join(root, folder)).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(join(root, path)).isDirectory()) return walk(path);
      return name.endsWith('.md') ? [path] : [];
    });
  return existsSync(join(root, 'docs')) ? [...pages, ...walk('docs')] : pages;
}

/** The text outside fenced code blocks, line by line (a fenced line becomes empty, so line numbers hold). */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split('\n').map((line) => {
    const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && opener !== undefined) {
      fence = opener;
      return '';
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence)) fence = undefined;
      return '';
    }
    return line;
  });
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped except `-` and `_`, each space a `-`. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link or image reads as its text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** The anchors a page offers: its headings' slugs, a repeated one suffixed -1, -2…, and explicit `<a id|name>`. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const match of line.matchAll(/<a\s[^>]*(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  }
  return anchors;
}

export interface Link {
  line: number;
  target: string;
}

/** Every link target of a page: inline links and images `[text](target "title")`, and reference definitions. */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  proseLines(markdown).forEach((raw, index) => {
    // Inline code is text, not a link; its length is kept so nothing else moves.
    const line = raw.replace(/`+[^`]*`+/g, (code) => 'x'.repeat(code.length));
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ line: index + 1, target: match[1]! });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$/.exec(line);
    if (definition) links.push({ line: index + 1, target: definition[1]! });
  });
  return links;
}

const EXTERNAL = /^(https?:|mailto:)/i;

/** `page:line: target (why)` for every relative link of `pages` whose file or anchor does not exist. */
export function brokenLinks(pages: readonly string[], root: string = REPO): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchorsIn = (path: string) => {
    let anchors = anchorCache.get(path);
    if (anchors === undefined) {
      anchors = anchorsOf(readFileSync(path, 'utf8'));
      anchorCache.set(path, anchors);
    }
    return anchors;
  };
  const broken: string[] = [];
  for (const page of pages) {
    const source = join(root, page);
    for (const { line, target } of linksOf(readFileSync(source, 'utf8'))) {
      if (EXTERNAL.test(target)) continue;
      const hash = target.indexOf('#');
      const pathPart = hash === -1 ? target : target.slice(0, hash);
      const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const file = pathPart === '' ? source : resolve(dirname(source), decodeURIComponent(pathPart));
      const where = `${page}:${line}: ${target}`;
      if (relative(root, file).startsWith('..')) broken.push(`${where} (outside the repository)`);
      else if (!existsSync(file)) broken.push(`${where} (no such file)`);
      else if (anchor !== undefined) {
        if (!file.endsWith('.md')) broken.push(`${where} (an anchor into a file that is not Markdown)`);
        else if (!anchorsIn(file).has(anchor)) broken.push(`${where} (no heading with this anchor)`);
      }
    }
  }
  return broken;
}
