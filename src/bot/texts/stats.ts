/** Texts of /stats, its chart and the daily summary (DAILY_SUMMARY_AT). Days and times come in formatted in the bot's zone. */
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
export const statsLastDays = (tr: Translator, { days, from, to }: { days: number; from: string; to: string }): Html =>
  tr.html('stats-last-days', { days, from, to });
/** As of `at`, a moment: its day and time of day in the bot's zone, which is named. */
export const statsFooter = (tr: Translator, { at }: { at: number }): Html =>
  tr.html('stats-footer', { day: tr.format.day(at), time: tr.format.clock(at), timeZone: tr.format.timeZone });
/** `week`: the last N days' block; absent when N is 1 (it would repeat today). */
export const statsReport = (p: { today: Html; week: Html | undefined; stores?: Html | undefined; footer: Html }): Html =>
  join(
    [p.today, p.week, p.stores, p.footer].filter((part): part is Html => part !== undefined),
    '\n\n',
  );
export const dailySummaryTitle = (tr: Translator, { day }: { day: string }): Html => tr.html('stats-daily-summary-title', { day });
export const dailySummary = ({ title, report }: { title: Html; report: Html }): Html => join([title, report], '\n\n');
export const statsUnavailable = (tr: Translator) => tr.text('stats-unavailable');
export const statsUsage = (tr: Translator) => tr.text('stats-usage');

/** The words drawn in the chart (plain text in a picture). */
export const statsChartLabels = (tr: Translator, { days }: { days: number }) => ({
  title: tr.text('stats-chart-title', { days }),
  orders: tr.text('stats-chart-orders'),
  revenue: tr.text('stats-chart-revenue'),
  otherStores: (count: number) => tr.text('stats-chart-other-stores', { count }),
});
/** Under the chart: the period's totals; `from`, `to` as `tr.format.day` gives them. */
export const statsChartCaption = (tr: Translator, p: { from: string; to: string; orders: number; revenue: number }): Html =>
  tr.html('stats-chart-caption', { ...p, revenue: tr.format.number(p.revenue) });
