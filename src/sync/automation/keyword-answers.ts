/**
 * Keyword rules (`/autoreply`): a buyer's message containing one of a rule's phrases as whole words gets the rule's
 * template (matching: core/phrase-match.ts), once per order per rule, never for a message written before the rule
 * existed. Every matching rule is offered in list order; buyer-answers.ts sends the first one not given before.
 * The rules are compiled once and again only when they change.
 */
import { compilePhrases, matchingRules, type PhraseIndex } from '../../core/phrase-match.ts';
import type { AutoReplyQueries, AutoReplyRule } from '../../db/autoreply.ts';
import type { AutoAnswer, BuyerAnswer } from './buyer-answers.ts';

export function keywordAnswers(deps: { rules: Pick<AutoReplyQueries, 'rules' | 'revision'> }): AutoAnswer {
  let compiled: { revision: string; rules: AutoReplyRule[]; index: PhraseIndex } | undefined;
  const current = () => {
    const revision = deps.rules.revision();
    if (compiled?.revision !== revision) {
      const rules = deps.rules.rules();
      compiled = { revision, rules, index: compilePhrases(rules.map((rule) => rule.phrases)) };
    }
    return compiled;
  };
  return {
    answers(message, writtenAt) {
      const { rules, index } = current();
      if (rules.length === 0) return [];
      return matchingRules(index, message.text).flatMap((place): BuyerAnswer[] => {
        const rule = rules[place];
        if (rule === undefined || rule.createdAt > writtenAt) return [];
        return [{ template: rule.template, once: `autoreply:${rule.id}`, by: 'autoreply' }];
      });
    },
  };
}
