/** Keyword rules' matching: whole words and phrases in any script, the way people write them, and no patterns. */
import { describe, expect, it } from 'vitest';
import { compilePhrases, matchingRules, wordsOf } from '../../src/core/phrase-match.ts';

const match = (rules: string[][], text: string) => matchingRules(compilePhrases(rules), text);

describe('keyword matching', () => {
  it('matches whole words and phrases, whatever the case, ё or е, punctuation and spaces', () => {
    const rules = [['key'], ['when will I get'], ['ключ активации'], ['е-mail']];
    expect(match(rules, 'Where is my KEY?!')).toEqual([0]);
    expect(match(rules, 'hi… WHEN   will\ti\n get it')).toEqual([1]);
    expect(match(rules, 'Где мой КЛЮЧ  АКТИВАЦИИ?')).toEqual([2]);
    expect(match(rules, 'ключ, активации')).toEqual([2]);
    // ё is е on both sides; a phrase's punctuation is a space as in the message.
    expect(match([['ещё']], 'Жду ЕЩЕ')).toEqual([0]);
    expect(match(rules, 'my е mail is…')).toEqual([3]);
    // Fullwidth letters are letters (NFKC).
    expect(match(rules, 'ＫＥＹ')).toEqual([0]);
  });

  it('never inside another word, nor with the words apart or out of order', () => {
    const rules = [['key'], ['when will I get'], ['ключ']];
    expect(match(rules, 'keyboard monkey keys')).toEqual([]);
    expect(match(rules, 'when will you get it, I wonder')).toEqual([]);
    expect(match(rules, 'ключи и ключик')).toEqual([]);
    expect(match(rules, 'get I will when')).toEqual([]);
  });

  it('in scripts without spaces, a phrase matches inside a sentence', () => {
    expect(match([['密钥'], ['キー']], '我的密钥在哪里？キーはまだですか')).toEqual([0, 1]);
    expect(wordsOf('密钥abc')).toEqual(['密', '钥', 'abc']);
  });

  it('lists every matching rule once, in list order, whatever the order in the message', () => {
    const rules = [['refund'], ['key', 'code'], ['key']];
    expect(match(rules, 'code? key? refund! key again')).toEqual([0, 1, 2]);
  });

  it('reads a pattern a seller types as words: nothing in it is a regular expression', () => {
    const rules = [['a.*b'], ['(a+)+$'], ['[key]']];
    expect(match(rules, 'axxxb')).toEqual([]);
    // `a.*b` is the words a b, `(a+)+$` the word a.
    expect(match(rules, 'a b')).toEqual([0, 1]);
    expect(match(rules, 'my key')).toEqual([2]);
    expect(match(rules, `${'a'.repeat(4000)}!`)).toEqual([]);
  });

  it('a phrase with no letter or digit matches nothing', () => {
    expect(match([['?!'], ['']], 'what?! ')).toEqual([]);
  });
});
