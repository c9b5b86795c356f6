/**
 * The away answer: while the seller is away (outside `WORKING_HOURS`, or after `/away on`: core/away.ts), a buyer who
 * writes gets the `away` template, once per order per away period. A matching keyword rule comes first (engine.ts
 * lists this module after keyword-answers.ts): it answers the question itself.
 */
import { awayState, type AwayRules, type AwaySwitch } from '../../core/away.ts';
import { AUTO_TEMPLATES } from '../../core/template.ts';
import type { AutoAnswer } from './buyer-answers.ts';

export function awayAnswer(deps: { rules: AwayRules; switched: () => AwaySwitch | undefined }): AutoAnswer {
  return {
    answers(_message, _writtenAt, now) {
      const state = awayState(deps.rules, deps.switched(), now);
      return state.away ? [{ template: AUTO_TEMPLATES.away, once: `away:${state.since ?? 0}`, by: 'away' }] : [];
    },
  };
}
