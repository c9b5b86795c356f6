/**
 * The chart of /stats and the daily summary: the last N local days' series from the database, drawn in the reader's
 * language (sales/), with the period's totals as its caption. A chart that cannot be drawn (no sale in the period,
 * a rendering error) is no chart: the figures go out as text all the same, never silence. With several stores the chart
 * has each store's days too, under its title, in the configuration's order; the caption stays the period's totals.
 */
import { InputFile } from 'grammy';
import type { Logger } from 'pino';
import type { StatsStore } from '../../core/audit.ts';
import type { DayPeriod } from '../../core/sales.ts';
import type { SalesChartRenderer } from '../../sales/chart-render.ts';
import type { StoreSeries } from '../../sales/chart-stores.ts';
import { lastLocalDays } from '../../shared/local-time.ts';
import type { Html } from '../helpers/html.ts';
import { statsChartCaption, statsChartLabels } from '../texts/stats.ts';
import { storeTitleNamed } from '../texts/stores.ts';
import type { Translator } from '../texts/translator.ts';

export interface ChartPhoto {
  png: Uint8Array;
  caption: Html;
}

export interface SalesChartDeps {
  stats: StatsStore;
  render: SalesChartRenderer;
  logger: Logger;
}

/** The chart of the `days` days up to `at` in `tr`'s language and zone; undefined when there is nothing to draw. */
export async function salesChartPhoto(deps: SalesChartDeps, tr: Translator, at: number, days: number): Promise<ChartPhoto | undefined> {
  try {
    const periods = lastLocalDays(at, days, tr.format.timeZone);
    const series = deps.stats.salesByDay(periods);
    const orders = series.reduce((sum, day) => sum + day.orders, 0);
    const revenue = series.reduce((sum, day) => sum + day.revenue, 0);
    if (orders === 0 && revenue === 0) return undefined;
    const stores = storeSeries(deps.stats, tr, periods);
    const png = await deps.render({ days: series, stores, labels: statsChartLabels(tr, { days }), locale: tr.locale });
    const first = periods[0]?.from ?? at;
    const caption = statsChartCaption(tr, { from: tr.format.day(first), to: tr.format.day(at), orders, revenue });
    return { png, caption };
  } catch (error) {
    deps.logger.warn(
      { err: error instanceof Error ? error.message : String(error), days },
      'sales chart not drawn: the figures go as text alone',
    );
    return undefined;
  }
}

/** Several stores (figures of every store, not `/stats <name>`'s one): each store's days under its title. */
function storeSeries(stats: StatsStore, tr: Translator, periods: readonly DayPeriod[]): StoreSeries[] | undefined {
  if (stats.byStore === undefined || !tr.stores.several) return undefined;
  return [...stats.byStore].map(([name, store]) => ({ title: storeTitleNamed(tr, name) ?? name, days: store.salesByDay(periods) }));
}

/** What sendPhoto takes for a chart: the PNG and its caption (well below Telegram's 1024 characters). */
export const chartPhotoMessage = (photo: ChartPhoto) =>
  [new InputFile(photo.png, 'sales.png'), { caption: photo.caption.html, parse_mode: 'HTML' as const }] as const;
