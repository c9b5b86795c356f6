/**
 * `npm run export -- [--days N] [--store NAME]`: the orders first seen in the last N days (30 unless asked) as CSV on
 * standard output, the same file /export sends (sales/export-csv.ts). Works on the database alone, beside a live
 * bridge (WAL lets it read while the bridge writes). Every store's orders unless `--store` names one.
 */
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { EXPORT_DAYS, parseDays, periodOfDays } from '../core/sales-days.ts';
import type { OrderExportStore } from '../core/sales.ts';
import { chooseStore } from './store-choice.ts';
import { ordersCsv } from '../sales/export-csv.ts';

const EXPORT_USAGE = `Usage: npm run export -- [--days N] [--store NAME] > orders.csv
Writes the orders first seen in the last N days (${EXPORT_DAYS.min} to ${EXPORT_DAYS.max}, default ${EXPORT_DAYS.fallback}) as CSV to standard output:
UTF-8 with a byte-order mark, times in BOT_TIMEZONE. Reads DATABASE_PATH (and STORES_FILE's names). --store: one store only.`;

export interface ExportCommandIo {
  /** The stores' names (STORES_FILE's, or `main`). */
  stores: readonly string[];
  /** Opened only once the arguments are good: one store's orders, or every store's. */
  orders: (store: string | undefined) => OrderExportStore;
  timeZone: string;
  now: () => number;
  out: Writable;
}

export interface ExportCommandResult {
  exitCode: number;
  err: string[];
}

const refused = (line: string): ExportCommandResult => ({ exitCode: 2, err: [line, EXPORT_USAGE] });

export async function runExportCommand(args: readonly string[], io: ExportCommandIo): Promise<ExportCommandResult> {
  let values: { days?: string | undefined; store?: string | undefined; help?: boolean | undefined };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { days: { type: 'string' }, store: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return refused(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return { exitCode: 0, err: [EXPORT_USAGE] };
  const days = parseDays(values.days ?? '', EXPORT_DAYS);
  if (days === undefined || values.days?.trim() === '') {
    return refused(`--days must be a whole number from ${EXPORT_DAYS.min} to ${EXPORT_DAYS.max}, got "${values.days}"`);
  }
  const chosen = chooseStore(io.stores, values.store, false);
  if ('error' in chosen) return refused(chosen.error);
  const period = periodOfDays(io.now(), days, io.timeZone);
  // The caller's stream stays open (standard output is not ours to close).
  await pipeline(ordersCsv(io.orders(chosen.store).orders(period), io.timeZone), io.out, { end: false });
  return { exitCode: 0, err: [] };
}
