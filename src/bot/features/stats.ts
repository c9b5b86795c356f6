/**
 * /stats [days]: the figures of today and the last N days (7 unless asked, 1 to 90), read from the database (no store
 * request), then a chart of those days as a photo. Staff may use it. The text goes first and alone when no chart can
 * be drawn; a bad number gets the usage line.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import type { StatsStore } from '../../core/audit.ts';
import { parseDays, STATS_DAYS } from '../../core/sales-days.ts';
import type { SalesChartRenderer } from '../../sales/chart-render.ts';
import type { BotContext } from '../context.ts';
import { buildStatsReport } from '../stats/report.ts';
import { chartPhotoMessage, salesChartPhoto } from '../stats/sales-chart.ts';
import { storeArgument } from '../helpers/store-argument.ts';
import { statsUnavailable, statsUsage } from '../texts/stats.ts';
import { aboutStore, unknownStore } from '../texts/stores.ts';

/** The report is in the asker's language, its days and times in the bot's zone (the translator's). */
export function statsFeature(deps: { stats: StatsStore | undefined; chart: SalesChartRenderer; logger: Logger; now: () => number }) {
  const composer = new Composer<BotContext>();
  composer.command('stats', async (ctx) => {
    if (!deps.stats) return void (await ctx.reply(statsUnavailable(ctx.tr)));
    const asked = storeArgument(ctx.tr.stores, ctx.match);
    if ('unknown' in asked) return void (await ctx.reply(unknownStore(ctx.tr, asked.unknown)));
    // `/stats <name>`: that store's own figures and chart, under its name.
    const stats = (asked.store && deps.stats.byStore?.get(asked.store.name)) ?? deps.stats;
    const days = parseDays(asked.rest, STATS_DAYS);
    if (days === undefined) return void (await ctx.reply(statsUsage(ctx.tr)));
    const at = deps.now();
    await ctx.reply(aboutStore(ctx.tr, asked.store?.title, buildStatsReport(ctx.tr, stats, at, days)).html, { parse_mode: 'HTML' });
    const photo = await salesChartPhoto({ stats, render: deps.chart, logger: deps.logger }, ctx.tr, at, days);
    if (photo) await ctx.replyWithPhoto(...chartPhotoMessage(photo));
  });
  return composer;
}
