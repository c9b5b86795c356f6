/** /stats: the figures of today and the last 7 days, read from the database (no store request). Staff may use it. */
import { Composer } from 'grammy';
import type { StatsStore } from '../../core/audit.ts';
import type { BotContext } from '../context.ts';
import { buildStatsReport } from '../stats/report.ts';
import { statsUnavailable } from '../texts/stats.ts';

/** The report is in the asker's language, its days and times in the bot's zone (the translator's). */
export function statsFeature(deps: { stats: StatsStore | undefined; now: () => number }) {
  const composer = new Composer<BotContext>();
  composer.command('stats', async (ctx) => {
    if (!deps.stats) return void (await ctx.reply(statsUnavailable(ctx.tr)));
    await ctx.reply(buildStatsReport(ctx.tr, deps.stats, deps.now()).html, { parse_mode: 'HTML' });
  });
  return composer;
}
