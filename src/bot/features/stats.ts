/** /stats: the figures of today and the last 7 days, read from the database (no store request). Staff may use it. */
import { Composer } from 'grammy';
import type { StatsStore } from '../../core/audit.ts';
import type { BotContext } from '../context.ts';
import { buildStatsReport } from '../stats/report.ts';
import { statsUnavailable } from '../texts/stats.ts';

export function statsFeature(deps: { stats: StatsStore | undefined; timeZone: string; now: () => number }) {
  const composer = new Composer<BotContext>();
  composer.command('stats', async (ctx) => {
    if (!deps.stats) return void (await ctx.reply(statsUnavailable));
    await ctx.reply(buildStatsReport(deps.stats, deps.now(), deps.timeZone).html, { parse_mode: 'HTML' });
  });
  return composer;
}
