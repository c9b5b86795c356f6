/** Every word of /autoreply and /away, and of the notice under a buyer's message that the bot answered it. */
import type { AutomaticAnswerSource } from '../../core/actions.ts';
import { truncate, type Html } from '../helpers/html.ts';
import type { Translator } from './translator.ts';

export const autoreplyUsage = (tr: Translator): Html => tr.html('autoreply-autoreply-usage');
export const autoreplyUnavailable = (tr: Translator) => tr.text('autoreply-autoreply-unavailable');
export const autoreplyNone = (tr: Translator): Html => tr.html('autoreply-autoreply-none');
export const autoreplyListHeader = (tr: Translator, { count }: { count: number }): Html =>
  tr.html('autoreply-autoreply-list-header', { count });
interface RuleItemParams {
  number: number;
  template: string;
  phrases: readonly string[];
  /** The template exists: the rule answers. */
  answers: boolean;
}
export const autoreplyListItem = (tr: Translator, { number, template, phrases, answers }: RuleItemParams): Html =>
  tr.html('autoreply-autoreply-list-item', {
    number,
    template,
    phrases: truncate(phrases.join(' · '), 200),
    answers: answers ? 'yes' : 'no',
  });
export const autoreplyListFooter = (tr: Translator): Html => tr.html('autoreply-autoreply-list-footer');
export const autoreplyAdded = (
  tr: Translator,
  { number, template, phrases }: { number: number; template: string; phrases: number },
): Html => tr.html('autoreply-autoreply-added', { number, template, phrases });
export const autoreplyDeleted = (tr: Translator, { number, template }: { number: number; template: string }): Html =>
  tr.html('autoreply-autoreply-deleted', { number, template });
export const autoreplyNoSuchRule = (tr: Translator, { number, count }: { number: string; count: number }): Html =>
  tr.html('autoreply-autoreply-no-such-rule', { number: truncate(number, 12), count });

export type RuleRefusal =
  | { reason: 'no-template'; template: string }
  | { reason: 'no-phrase' }
  | { reason: 'phrase-too-long'; max: number }
  | { reason: 'too-many-phrases'; max: number }
  | { reason: 'too-many-rules'; max: number };

export function autoreplyRefused(tr: Translator, refusal: RuleRefusal): Html {
  switch (refusal.reason) {
    case 'no-template':
      return tr.html('autoreply-autoreply-refused-no-template', { template: truncate(refusal.template, 40) });
    case 'no-phrase':
      return tr.html('autoreply-autoreply-refused-no-phrase');
    default:
      return tr.html('autoreply-autoreply-refused-limit', { limit: refusal.reason, max: refusal.max });
  }
}

/** Under /untemplate's answer: what stops answering now that the template is gone. */
export const templateStopsRules = (tr: Translator, { numbers }: { numbers: readonly number[] }): Html =>
  tr.html('autoreply-template-stops-rules', { numbers: numbers.join(', '), count: numbers.length });
export const templateStopsAway = (tr: Translator): Html => tr.html('autoreply-template-stops-away');

/** The notice under the buyer's message: the bot answered it by itself. */
export const autoAnswered = (tr: Translator, { template, by }: { template: string; by: AutomaticAnswerSource }): Html =>
  tr.html('autoreply-auto-answered', { template, by });
export const autoAnswerFailed = (tr: Translator, { template, code }: { template: string; code: string }): Html =>
  tr.html('autoreply-auto-answer-failed', { template, code });

// ---- /away ----

export const awayUsage = (tr: Translator) => tr.text('autoreply-away-usage');
interface AwayStatusParams {
  away: boolean;
  by: 'hours' | 'switch';
  /** When it changes by itself; undefined: only /away changes it. */
  next: number | undefined;
  /** `WORKING_HOURS` is set. */
  hours: boolean;
}
export const awayStatus = (tr: Translator, { away, by, next, hours }: AwayStatusParams): Html =>
  tr.html('autoreply-away-status', {
    away: away ? 'yes' : 'no',
    by,
    changes: next === undefined ? 'no' : 'yes',
    next: next === undefined ? '' : tr.format.moment(next),
    hours: hours ? 'yes' : 'no',
  });
export const awayTemplateNote = (tr: Translator, { exists }: { exists: boolean }): Html =>
  tr.html('autoreply-away-template-note', { exists: exists ? 'yes' : 'no' });
