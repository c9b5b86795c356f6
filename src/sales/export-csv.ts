/**
 * The export as a spreadsheet opens it: CSV after RFC 4180 (csv-stringify quotes a field with a comma, a quote or a
 * line break, and doubles its quotes; CRLF between records), UTF-8 with a byte-order mark so Excel reads Cyrillic
 * as Cyrillic. One header row, then one row per order. The column names are fixed English words whatever the
 * seller's language: a sheet or a script that reads them keeps working.
 *
 * Times are the bot's zone (BOT_TIMEZONE) with the offset, `2026-11-23T17:30:00+05:30`: the seller reads their own
 * wall clock, a program reads an exact instant, the hour lived twice at the end of summer time stays two hours, and
 * the text sorts as time within one offset. Amounts and quantities are plain numbers with a decimal point.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ChangedBy, ExportedOrder } from '../core/sales.ts';
import { localIsoFormatter } from '../shared/local-time.ts';

export const EXPORT_COLUMNS = [
  'order_id',
  'store',
  'created',
  'product_id',
  'product_title',
  'quantity',
  'amount',
  'status',
  'taken_at',
  'taken_by',
  'delivered_at',
  'delivered_by',
  'cancelled_at',
] as const;

/**
 * Text from the store or a person (a product title, a name) that a spreadsheet would run as a formula (`=`, `+`, `-`,
 * `@`, a tab or a carriage return first) gets a leading apostrophe: the sheet shows it as text, and nothing runs.
 */
const asText = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** A person by name, the bot by its source (`stock`, `autocancel`), the store's side as `website`. */
function byWhom(by: ChangedBy | undefined): string {
  if (by === undefined) return '';
  if (by.kind === 'person') return asText(by.name ?? '');
  return by.kind === 'bot' ? by.source : 'website';
}

function exportRecord(order: ExportedOrder, localTime: (at: number) => string): string[] {
  const time = (at: number | undefined) => (at === undefined ? '' : localTime(at));
  const number = (value: number | undefined) => (value === undefined ? '' : String(value));
  return [
    asText(order.orderId),
    order.store,
    time(order.createdAt),
    asText(order.productId ?? ''),
    asText(order.productTitle ?? ''),
    number(order.quantity),
    number(order.amount),
    order.status,
    time(order.takenAt),
    byWhom(order.takenBy),
    time(order.deliveredAt),
    byWhom(order.deliveredBy),
    time(order.cancelledAt),
  ];
}

/** Records per piece of CSV: large enough that the stringifier's cost per call fades, small enough to stream. */
const BATCH = 500;

/** The CSV as a stream, made as the orders are read: a long period is never held in memory whole. */
export function ordersCsv(orders: Iterable<ExportedOrder>, timeZone: string): Readable {
  const options = { columns: [...EXPORT_COLUMNS], record_delimiter: 'windows' } as const;
  return Readable.from(
    (function* () {
      const localTime = localIsoFormatter(timeZone);
      let batch: string[][] = [];
      let first = true;
      const piece = () => {
        const text = stringify(batch, { ...options, bom: first, header: first });
        first = false;
        batch = [];
        return text;
      };
      for (const order of orders) {
        batch.push(exportRecord(order, localTime));
        if (batch.length === BATCH) yield piece();
      }
      if (batch.length > 0 || first) yield piece();
    })(),
    { objectMode: false },
  );
}
