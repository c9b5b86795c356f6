/**
 * The daily summary (DAILY_SUMMARY_AT): the /stats report posted once a day at a local time of the bot's zone.
 *
 * Each check looks at the latest slot that has come (today's time if it has passed, else yesterday's) and claims its
 * day in the ledger (SQLite) before posting: a day is claimed once, ever, so a restart at the scheduled minute or
 * several checks in it post once, and a slot missed while the bridge was down is posted at the first check after the
 * start, once (a new setup does not post a summary for a slot before its first start). The Telegram queue keeps the
 * post until Telegram takes it, also across restarts, and its key makes it one per day there too. The figures are as of
 * the slot, not of the late posting, so a late summary says what the on-time one would have said.
 *
 * The chart of the last 7 days follows the text as a photo of its own (a queued chart notice, drawn when it goes
 * out), with the period's totals as its caption: a Russian summary comes near Telegram's 1024 characters of caption.
 */
import type { Logger } from 'pino';
import type { StatsStore, SummaryLedger } from '../../core/audit.ts';
import { addDays, localDay, localTimeOn } from '../../shared/local-time.ts';
import type { QueueNotice } from '../sink/notices.ts';
import { buildStatsReport, DEFAULT_STATS_DAYS } from '../stats/report.ts';
import { dailySummary, dailySummaryTitle } from '../texts/stats.ts';
import type { Translator } from '../texts/translator.ts';

export interface LocalTimeOfDay {
  hour: number;
  minute: number;
}

export interface DailySummaryDeps {
  at: LocalTimeOfDay;
  timeZone: string;
  /** The chat's: the summary is posted for everyone in it (its zone is `timeZone`, BOT_TIMEZONE). */
  tr: Translator;
  stats: StatsStore;
  ledger: SummaryLedger;
  notice: QueueNotice;
  /** How often the clock is looked at (default 30 s): a summary goes out within this after its minute. */
  checkEveryMs: number;
  /** The chart follows the text. */
  withChart: boolean;
  now: () => number;
  logger: Logger;
}

export interface DailySummary {
  start(): Promise<void>;
  stop(): void;
  /** Posts the latest slot's summary if it is due and not posted; true when this call posted it. */
  check(): Promise<boolean>;
}

/** The latest slot at or before `now`: its local day and instant. */
function latestSlot(now: number, at: LocalTimeOfDay, timeZone: string): { day: string; at: number } {
  const today = localDay(now, timeZone);
  const todays = localTimeOn(today, at.hour, at.minute, timeZone);
  if (todays <= now) return { day: today, at: todays };
  const yesterday = addDays(today, -1);
  return { day: yesterday, at: localTimeOn(yesterday, at.hour, at.minute, timeZone) };
}

function createDailySummary(deps: DailySummaryDeps): DailySummary {
  let timer: NodeJS.Timeout | undefined;
  // One check at a time, so a timer tick and a start never both build the report.
  let running: Promise<boolean> = Promise.resolve(false);

  const checkOnce = async (): Promise<boolean> => {
    try {
      const now = deps.now();
      const slot = latestSlot(now, deps.at, deps.timeZone);
      // A new setup's first slot may be long gone (set up at 15:00 for 09:00): that is not a summary missed while down,
      // so it is claimed without a post, and the first summary comes at the next slot. Within its minute it is posted.
      if (!deps.ledger.any() && now - slot.at >= 60_000) {
        deps.ledger.claim(slot.day, now);
        return false;
      }
      // Built before the claim: a report that fails to build leaves the day unclaimed for the next check.
      const report = buildStatsReport(deps.tr, deps.stats, slot.at);
      if (!deps.ledger.claim(slot.day, now)) return false;
      const html = dailySummary({ title: dailySummaryTitle(deps.tr, { day: deps.tr.format.day(slot.at) }), report });
      await deps.notice({ html, key: `daily-summary:${slot.day}` });
      if (deps.withChart)
        await deps.notice({ html, chart: { at: slot.at, days: DEFAULT_STATS_DAYS }, key: `daily-summary-chart:${slot.day}` });
      deps.logger.info({ day: slot.day }, 'daily summary queued');
      return true;
    } catch (error) {
      deps.logger.error({ err: error instanceof Error ? error.message : String(error) }, 'daily summary failed');
      return false;
    }
  };

  const check = () => {
    running = running.then(checkOnce);
    return running;
  };

  return {
    async start() {
      await check();
      timer ??= setInterval(() => void check(), deps.checkEveryMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    check,
  };
}

/** The daily summary when DAILY_SUMMARY_AT, the figures and the ledger are all given; undefined otherwise. */
export function dailySummaryIfSet(
  deps: Omit<DailySummaryDeps, 'at' | 'stats' | 'ledger' | 'checkEveryMs'> & {
    at: LocalTimeOfDay | undefined;
    stats: StatsStore | undefined;
    ledger: SummaryLedger | undefined;
    checkEveryMs: number | undefined;
  },
): DailySummary | undefined {
  const { at, stats, ledger } = deps;
  if (!at || !stats || !ledger) return undefined;
  return createDailySummary({ ...deps, at, stats, ledger, checkEveryMs: deps.checkEveryMs ?? 30_000 });
}
