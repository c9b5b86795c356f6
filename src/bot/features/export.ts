/**
 * /export [days] (admins): the orders first seen in the last N days (30 unless asked, up to 366) as a CSV document,
 * read from the database alone; the same file `npm run export` writes (sales/export-csv.ts). Staff are refused before
 * anything is read; a bad number gets the usage line; a period without orders gets a line rather than an empty file.
 */
import { Composer, InputFile } from 'grammy';
import type { Logger } from 'pino';
import type { OrderExportStore } from '../../core/sales.ts';
import { EXPORT_DAYS, parseDays, periodOfDays } from '../../core/sales-days.ts';
import { ordersCsv } from '../../sales/export-csv.ts';
import type { RecordStep } from '../audit/recording.ts';
import type { BotContext } from '../context.ts';
import { adminOnly } from '../middlewares/admin-only.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { storeArgument } from '../helpers/store-argument.ts';
import { unknownStore } from '../texts/stores.ts';
import { exportCaption, exportEmpty, exportFailed, exportUnavailable, exportUsage } from '../texts/export.ts';

async function csvOf(orders: OrderExportStore, period: { from: number; to: number }, timeZone: string, store?: string) {
  let count = 0;
  const counted = (function* () {
    for (const order of orders.orders(period)) {
      if (store !== undefined && order.store !== store) continue;
      count++;
      yield order;
    }
  })();
  const chunks: Buffer[] = [];
  for await (const chunk of ordersCsv(counted, timeZone)) chunks.push(chunk as Buffer);
  return { csv: Buffer.concat(chunks), count };
}

export function exportFeature(deps: {
  orders: OrderExportStore | undefined;
  binding: ChatBinding;
  recordStep?: RecordStep | undefined;
  logger: Logger;
  now: () => number;
}) {
  const composer = new Composer<BotContext>();
  const record: RecordStep = deps.recordStep ?? (() => undefined);
  const admins = adminOnly({ binding: deps.binding, logger: deps.logger, recordStep: deps.recordStep, step: () => 'export' });
  composer.command('export', admins, async (ctx) => {
    const { orders } = deps;
    if (!orders) return void (await ctx.reply(exportUnavailable(ctx.tr)));
    const asked = storeArgument(ctx.tr.stores, ctx.match);
    if ('unknown' in asked) return void (await ctx.reply(unknownStore(ctx.tr, asked.unknown)));
    const days = parseDays(asked.rest, EXPORT_DAYS);
    if (days === undefined) return void (await ctx.reply(exportUsage(ctx.tr)));
    const at = deps.now();
    const timeZone = ctx.tr.format.timeZone;
    const period = periodOfDays(at, days, timeZone);
    let made: Awaited<ReturnType<typeof csvOf>>;
    try {
      made = await csvOf(orders, period, timeZone, asked.store?.name);
    } catch (error) {
      deps.logger.error({ err: error instanceof Error ? error.message : String(error), days }, 'export failed');
      return void (await ctx.reply(exportFailed(ctx.tr, { code: 'EXPORT_READ_FAILED' })));
    }
    if (made.count === 0) return void (await ctx.reply(exportEmpty(ctx.tr, { days })));
    const caption = exportCaption(ctx.tr, { count: made.count, from: ctx.tr.format.day(period.from), to: ctx.tr.format.day(at) });
    const name = `orders-${asked.store === undefined ? '' : `${asked.store.name}-`}${period.firstDay}-${period.lastDay}.csv`;
    await ctx.replyWithDocument(new InputFile(made.csv, name), { caption: caption.html, parse_mode: 'HTML' });
    // Who took the orders out of the bridge: in the audit trail, like every other admin step.
    record(ctx, 'export', 'ok');
    deps.logger.info({ days, orders: made.count, bytes: made.csv.byteLength, userId: ctx.from?.id }, 'export sent');
  });
  return composer;
}
