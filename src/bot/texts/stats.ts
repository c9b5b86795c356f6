/** Texts of /stats and of the daily summary (DAILY_SUMMARY_AT). Days and times come in formatted in the bot's zone. */
import { bold, join, lines, text, type Html } from '../helpers/html.ts';
import { formatNumber } from './format.ts';

export const statsCommandDescription = 'Orders, revenue and answer times: today and the last 7 days';

/** A duration as `45 s`, `12 min`, `3 h 5 min`, `2 d 4 h`; `—` when there was nothing to measure. */
export function formatDuration(ms: number | undefined): string {
  if (ms === undefined) return '—';
  const minutes = Math.round(ms / 60_000);
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
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

export const statsBlock = ({ title, figures }: { title: Html; figures: StatsBlock }): Html =>
  lines([
    title,
    text(`New paid orders: ${figures.newOrders}`),
    text(`Taken: ${figures.taken}`),
    text(`Delivered: ${figures.delivered} (by hand ${figures.deliveredByHand}, automatically ${figures.deliveredByBot})`),
    text(`Cancelled: ${figures.cancelled}`),
    text(`Revenue: ${formatNumber(figures.revenue)}`),
    text(`Median time paid → taken: ${figures.medianTake}`),
    text(`Median time buyer message → first answer: ${figures.medianAnswer}`),
  ]);

export const statsToday = ({ day }: { day: string }): Html => bold(`📊 Today (${day})`);
export const statsWeek = ({ from, to }: { from: string; to: string }): Html => bold(`📈 Last 7 days (${from} – ${to})`);
export const statsFooter = ({ timeZone, time }: { timeZone: string; time: string }): Html =>
  text(`As of ${time}, ${timeZone} time. Delivered and revenue count orders delivered in the period.`);
export const statsReport = ({ today, week, footer }: { today: Html; week: Html; footer: Html }): Html =>
  join([today, week, footer], '\n\n');
export const dailySummaryTitle = ({ day }: { day: string }): Html => bold(`🗓 Daily summary for ${day}`);
export const dailySummary = ({ title, report }: { title: Html; report: Html }): Html => join([title, report], '\n\n');
export const statsUnavailable = 'Statistics are not available in this setup.';
