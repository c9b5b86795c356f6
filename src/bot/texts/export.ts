/** Texts of /export (the orders of a period as a CSV file). Days come in formatted in the bot's zone. */
import type { Html } from '../helpers/html.ts';
import type { Translator } from './translator.ts';

export const exportUsage = (tr: Translator) => tr.text('export-usage');
/** The document's caption: how many orders, which days (`tr.format.day`), and the zone its times are in. */
export const exportCaption = (tr: Translator, { count, from, to }: { count: number; from: string; to: string }): Html =>
  tr.html('export-caption', { count, from, to, timeZone: tr.format.timeZone });
export const exportEmpty = (tr: Translator, { days }: { days: number }) => tr.text('export-empty', { days });
export const exportUnavailable = (tr: Translator) => tr.text('export-unavailable');
export const exportFailed = (tr: Translator, { code }: { code: string }) => tr.text('export-failed', { code });
