/**
 * The figures of /stats and the daily summary, one query each, over the status history (`order_events`, written by
 * triggers on `orders`, with who made each change: migration 12) and the chat log (migration 8). Each query is a
 * range scan of an index on time, so its cost follows the orders of the period, not of the whole database
 * (bench/stats-query.ts measures it). The chart's series is one query over the period's days.
 */
import type { StatsFigures, StatsPeriod, StatsStore } from '../core/audit.ts';
import type { DayPeriod, SalesDay } from '../core/sales.ts';
import type { SqliteDatabase } from './sqlite.ts';

type Figure = keyof StatsFigures;

/** The middle value of the column `x` of the CTE `d` (the mean of the two middle ones for an even count); NULL when empty. */
const median = `SELECT avg(x) AS value FROM (
  SELECT x FROM d ORDER BY x
  LIMIT 2 - (SELECT count(*) FROM d) % 2 OFFSET ((SELECT count(*) FROM d) - 1) / 2
)`;

const countOf = (kind: string) => `SELECT count(*) AS value FROM order_events WHERE kind = '${kind}' AND at >= @from AND at < @to`;

export const STATS_QUERIES: Readonly<Record<Figure, string>> = {
  newOrders: countOf('new'),
  taken: countOf('taken'),
  delivered: countOf('delivered'),
  cancelled: countOf('cancelled'),
  // Attributed when the delivery was recorded (migration 12), so the figure never moves after it is asked.
  deliveredByBot: `SELECT count(*) AS value FROM order_events
    WHERE kind = 'delivered' AND by_kind = 'bot' AND at >= @from AND at < @to`,
  revenue: `SELECT total(amount) AS value FROM order_events WHERE kind = 'delivered' AND at >= @from AND at < @to`,
  // Paid is the order's createdAt (the store creates an order when it is paid), so a downtime does not shorten it.
  medianTakeMs: `WITH d AS MATERIALIZED (
      SELECT max(at - created_ms, 0) AS x FROM order_events
      WHERE kind = 'taken' AND at >= @from AND at < @to AND created_ms IS NOT NULL
    ) ${median}`,
  // A buyer message waits when it is the first since the seller last wrote (or the first of the chat); its wait ends
  // at the seller's next message. Waits that began in the period and were answered count.
  medianAnswerMs: `WITH asks AS MATERIALIZED (
      SELECT b.order_id, b.at FROM chat_log AS b
      WHERE b.author = 'buyer' AND b.at >= @from AND b.at < @to
        AND coalesce((
          SELECT p.author FROM chat_log AS p
          -- Written as a range on at (not an OR) so the index on (order_id, at) is searched, not walked.
          WHERE p.order_id = b.order_id AND p.at <= b.at AND NOT (p.at = b.at AND p.message_id >= b.message_id)
          ORDER BY p.at DESC, p.message_id DESC LIMIT 1
        ), 'seller') = 'seller'
    ),
    -- Materialized apart from the filter: a flattened query would run the correlated search twice per wait.
    waits AS MATERIALIZED (
      SELECT (SELECT min(s.at) FROM chat_log AS s WHERE s.order_id = a.order_id AND s.author = 'seller' AND s.at >= a.at) - a.at AS x
      FROM asks AS a
    ),
    d AS MATERIALIZED (SELECT x FROM waits WHERE x IS NOT NULL) ${median}`,
};

/**
 * The chart's series: per local day (their bounds come in as JSON, computed in the bot's zone), the new paid orders
 * and the revenue delivered, each a range scan of order_events_kind. A day without orders is a row of zeros. When a
 * bot serves several stores, order_events gets a store column and this groups by it: one row per store and day.
 */
export const SALES_BY_DAY_QUERY = `WITH d AS (
    SELECT value ->> '$.day' AS day, value ->> '$.from' AS start, value ->> '$.to' AS stop, key AS position FROM json_each(@days)
  )
  SELECT d.day,
    (SELECT count(*) FROM order_events WHERE kind = 'new' AND at >= d.start AND at < d.stop) AS orders,
    (SELECT total(amount) FROM order_events WHERE kind = 'delivered' AND at >= d.start AND at < d.stop) AS revenue
  FROM d ORDER BY d.position`;

/** Floating sums of prices such as 19.99 pick up binary noise; the store's amounts have few decimals. */
const tidySum = (sum: number) => Number(sum.toFixed(6));

export function createStatsQueries(db: SqliteDatabase): StatsStore & { figure(name: Figure, period: StatsPeriod): number | undefined } {
  const statements = Object.fromEntries(
    Object.entries(STATS_QUERIES).map(([name, sql]) => [name, db.prepare<StatsPeriod, { value: number | null }>(sql)]),
  ) as Record<Figure, ReturnType<typeof db.prepare<StatsPeriod, { value: number | null }>>>;
  const figure = (name: Figure, period: StatsPeriod) => statements[name].get(period)?.value ?? undefined;
  const countFigure = (name: Figure, period: StatsPeriod) => figure(name, period) ?? 0;
  const salesByDay = db.prepare<{ days: string }, SalesDay>(SALES_BY_DAY_QUERY);
  return {
    figure,
    salesByDay: (days: readonly DayPeriod[]) =>
      salesByDay.all({ days: JSON.stringify(days) }).map((row) => ({ ...row, revenue: tidySum(row.revenue) })),
    figures(period) {
      const medianTake = figure('medianTakeMs', period);
      const medianAnswer = figure('medianAnswerMs', period);
      return {
        newOrders: countFigure('newOrders', period),
        taken: countFigure('taken', period),
        delivered: countFigure('delivered', period),
        deliveredByBot: countFigure('deliveredByBot', period),
        cancelled: countFigure('cancelled', period),
        revenue: tidySum(countFigure('revenue', period)),
        medianTakeMs: medianTake === undefined ? undefined : Math.round(medianTake),
        medianAnswerMs: medianAnswer === undefined ? undefined : Math.round(medianAnswer),
      };
    },
  };
}
