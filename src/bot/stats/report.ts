/**
 * The /stats report and the daily summary's body: today and the last 7 days (today and the six days before it), as
 * calendar days of the bot's time zone, each figure read from the database as of `at`.
 */
import type { StatsFigures, StatsPeriod, StatsStore } from '../../core/audit.ts';
import { addDays, localDay, localTimeOn, startOfLocalDay } from '../../shared/local-time.ts';
import type { Html } from '../helpers/html.ts';
import { formatDuration, statsBlock, statsFooter, statsReport, statsToday, statsWeek, type StatsBlock } from '../texts/stats.ts';
import type { Translator } from '../texts/translator.ts';

export interface StatsPeriods {
  today: StatsPeriod;
  week: StatsPeriod;
  /** Local days: today, and the first of the seven. */
  day: string;
  weekFrom: string;
}

/** The periods as of `at`; each ends just after `at`, so what happened at that very millisecond counts. */
export function statsPeriods(at: number, timeZone: string): StatsPeriods {
  const day = localDay(at, timeZone);
  const weekFrom = addDays(day, -6);
  const to = at + 1;
  return {
    today: { from: startOfLocalDay(at, timeZone), to },
    week: { from: localTimeOn(weekFrom, 0, 0, timeZone), to },
    day,
    weekFrom,
  };
}

const block = (tr: Translator, figures: StatsFigures): StatsBlock => ({
  newOrders: figures.newOrders,
  taken: figures.taken,
  delivered: figures.delivered,
  deliveredByBot: figures.deliveredByBot,
  // Delivered on the store website counts as by hand: a person did it.
  deliveredByHand: Math.max(0, figures.delivered - figures.deliveredByBot),
  cancelled: figures.cancelled,
  revenue: figures.revenue,
  medianTake: formatDuration(tr, figures.medianTakeMs),
  medianAnswer: formatDuration(tr, figures.medianAnswerMs),
});

/** In `tr`'s language and zone: the days are counted in the zone the texts name (BOT_TIMEZONE). */
export function buildStatsReport(tr: Translator, stats: StatsStore, at: number): Html {
  const periods = statsPeriods(at, tr.format.timeZone);
  const today = tr.format.day(periods.today.from);
  return statsReport({
    today: statsBlock(tr, { title: statsToday(tr, { day: today }), figures: block(tr, stats.figures(periods.today)) }),
    week: statsBlock(tr, {
      title: statsWeek(tr, { from: tr.format.day(periods.week.from), to: today }),
      figures: block(tr, stats.figures(periods.week)),
    }),
    footer: statsFooter(tr, { at }),
  });
}
