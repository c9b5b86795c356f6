/** The texts of /autoreply, /away and the automatic answers' notice for `everything()` (texts-i18n.test.ts): every select and plural. */
import type { Html } from '../../src/bot/helpers/html.ts';
import * as autoreply from '../../src/bot/texts/autoreply.ts';
import type { Translator } from '../../src/bot/texts/translator.ts';

export function autoreplyTexts(tr: Translator, { nasty, at }: { nasty: string; at: number }): [string, Html | string][] {
  const texts: [string, Html | string][] = [
    ['autoreply usage', autoreply.autoreplyUsage(tr)],
    ['autoreply unavailable', autoreply.autoreplyUnavailable(tr)],
    ['autoreply none', autoreply.autoreplyNone(tr)],
    ['autoreply list footer', autoreply.autoreplyListFooter(tr)],
    ['autoreply refused no template', autoreply.autoreplyRefused(tr, { reason: 'no-template', template: 'faq<1>' })],
    ['autoreply refused no phrase', autoreply.autoreplyRefused(tr, { reason: 'no-phrase' })],
    ['autoreply refused phrase', autoreply.autoreplyRefused(tr, { reason: 'phrase-too-long', max: 100 })],
    ['autoreply refused phrases', autoreply.autoreplyRefused(tr, { reason: 'too-many-phrases', max: 20 })],
    ['autoreply refused rules', autoreply.autoreplyRefused(tr, { reason: 'too-many-rules', max: 1000 })],
    ['autoreply deleted', autoreply.autoreplyDeleted(tr, { number: 3, template: 'faq-delivery' })],
    ['template stops away', autoreply.templateStopsAway(tr)],
    ['auto answer failed', autoreply.autoAnswerFailed(tr, { template: 'faq-delivery', code: 'VALIDATION_ERROR' })],
    ['away usage', autoreply.awayUsage(tr)],
  ];
  for (const count of [1, 2, 5, 21]) texts.push([`autoreply list ${count}`, autoreply.autoreplyListHeader(tr, { count })]);
  for (const answers of [true, false])
    texts.push([
      `autoreply item ${answers}`,
      autoreply.autoreplyListItem(tr, { number: 12, template: 'faq', phrases: [nasty, 'ключ'], answers }),
    ]);
  for (const phrases of [1, 2, 5])
    texts.push([`autoreply added ${phrases}`, autoreply.autoreplyAdded(tr, { number: 2, template: 'faq', phrases })]);
  for (const count of [0, 1, 7]) texts.push([`autoreply no rule ${count}`, autoreply.autoreplyNoSuchRule(tr, { number: '<9>', count })]);
  for (const numbers of [[2], [1, 3, 4]]) texts.push([`template stops ${numbers.length}`, autoreply.templateStopsRules(tr, { numbers })]);
  for (const by of ['autoreply', 'away'] as const)
    texts.push([`auto answered ${by}`, autoreply.autoAnswered(tr, { template: 'faq-delivery', by })]);
  for (const away of [true, false])
    for (const by of ['hours', 'switch'] as const)
      for (const next of [at, undefined])
        for (const hours of [true, false])
          texts.push([`away ${away} ${by} ${next ?? 'never'} ${hours}`, autoreply.awayStatus(tr, { away, by, next, hours })]);
  for (const exists of [true, false]) texts.push([`away template ${exists}`, autoreply.awayTemplateNote(tr, { exists })]);
  return texts;
}
