/** Texts of /stats and of the daily summary (DAILY_SUMMARY_AT). Days and times come in formatted in the bot's zone. */
import { join, type Html } from '../helpers/html.ts';
import type { Translator } from './translator.ts';

/** A duration as `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`; `—` when there was nothing to measure. */
export function formatDuration(tr: Translator, ms: number | undefined): string {
  if (ms === undefined) return tr.text('stats-duration-none');
  const minutes = Math.round(ms / 60_000);
  if (ms < 60_000) return tr.text('stats-duration-seconds', { seconds: Math.round(ms / 1000) });
  if (minutes < 60) return tr.text('stats-duration-minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return tr.text('stats-duration-hours', { hours, minutes: minutes % 60 });
  return tr.text('stats-duration-days', { days: Math.floor(hours / 24), hours: hours % 24 });
}

export interface StatsBlock {
  newOrders: number;
  taken: number;
  delivered: number;
  deliveredByHand: number;
  deliveredByBot: number;
  cancelled: number;
  revenue: number;
  medianTake: string;
  medianAnswer: string;
}

/** Counts go in as numbers (the language's digits and plural rules); the revenue is an amount, formatted here. */
export const statsBlock = (tr: Translator, { title, figures }: { title: Html; figures: StatsBlock }): Html =>
  tr.html('stats-block', { ...figures, title, revenue: tr.format.number(figures.revenue) });

/** `day`, `from`, `to`: `tr.format.day` of a moment in that day. */
export const statsToday = (tr: Translator, { day }: { day: string }): Html => tr.html('stats-today', { day });
export const statsWeek = (tr: Translator, { from, to }: { from: string; to: string }): Html => tr.html('stats-week', { from, to });
/** As of `at`, a moment: its day and time of day in the bot's zone, which is named. */
export const statsFooter = (tr: Translator, { at }: { at: number }): Html =>
  tr.html('stats-footer', { day: tr.format.day(at), time: tr.format.clock(at), timeZone: tr.format.timeZone });
export const statsReport = ({ today, week, footer }: { today: Html; week: Html; footer: Html }): Html =>
  join([today, week, footer], '\n\n');
export const dailySummaryTitle = (tr: Translator, { day }: { day: string }): Html => tr.html('stats-daily-summary-title', { day });
export const dailySummary = ({ title, report }: { title: Html; report: Html }): Html => join([title, report], '\n\n');
export const statsUnavailable = (tr: Translator) => tr.text('stats-unavailable');
