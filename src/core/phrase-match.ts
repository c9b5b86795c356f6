/**
 * Keyword rules' matching: a phrase matches a message when its words appear in it, in order and next to each other,
 * as whole words. Both are cut into words the same way: Unicode NFKC, lower case, `ё` read as `е`, a word being a run
 * of letters, digits and marks (`\p{L}\p{N}\p{M}`, any script), everything else a space. Scripts written without
 * spaces (Chinese, Japanese, Thai) count each character as a word, so a phrase in them matches inside a sentence.
 *
 * No user-supplied pattern ever runs: words are looked up in a map, so 1000 rules against a 4000-character message
 * cost a few thousand lookups (npm run bench:autoreply measures it), whatever the seller or the buyer wrote.
 */

const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}`;
const SEPARATORS = /[^\p{L}\p{N}\p{M}]+/u;
const HAS_UNSPACED = new RegExp(`[${UNSPACED}]`, 'u');
const EACH_UNSPACED = new RegExp(`([${UNSPACED}])`, 'u');

/** The words of a text as rules compare them. */
export function wordsOf(text: string): string[] {
  const normal = text.normalize('NFKC').toLowerCase().replaceAll('ё', 'е');
  const tokens = normal.split(SEPARATORS).filter((token) => token !== '');
  // Most messages have no such script: one test of the whole text spares one per word.
  if (!HAS_UNSPACED.test(normal)) return tokens;
  return tokens.flatMap((token) => (HAS_UNSPACED.test(token) ? token.split(EACH_UNSPACED).filter((part) => part !== '') : [token]));
}

interface Entry {
  /** The phrase's words after the first. */
  rest: readonly string[];
  /** The rule's place in the list. */
  rule: number;
}

/** Rules compiled once: by each phrase's first word. */
export interface PhraseIndex {
  readonly byFirst: ReadonlyMap<string, readonly Entry[]>;
}

/** `rules[i]` is rule i's phrases. */
export function compilePhrases(rules: readonly (readonly string[])[]): PhraseIndex {
  const byFirst = new Map<string, Entry[]>();
  rules.forEach((phrases, rule) => {
    for (const phrase of phrases) {
      const [first, ...rest] = wordsOf(phrase);
      if (first === undefined) continue;
      const entries = byFirst.get(first) ?? [];
      entries.push({ rest, rule });
      byFirst.set(first, entries);
    }
  });
  return { byFirst };
}

/** The places (in the rules' list) of every rule with a phrase in `text`, in list order. */
export function matchingRules(index: PhraseIndex, text: string): number[] {
  const words = wordsOf(text);
  const found = new Set<number>();
  for (let at = 0; at < words.length; at++) {
    const entries = index.byFirst.get(words[at] as string);
    if (entries === undefined) continue;
    for (const { rest, rule } of entries) {
      if (found.has(rule) || at + rest.length >= words.length) continue;
      if (rest.every((word, i) => words[at + 1 + i] === word)) found.add(rule);
    }
  }
  return [...found].sort((a, b) => a - b);
}
