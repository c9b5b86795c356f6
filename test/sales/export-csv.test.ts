/**
 * The export as a spreadsheet reads it: RFC 4180 quoting survives a round trip through a CSV parser (csv-parse) for
 * titles with commas, quotes, line breaks and Cyrillic; a byte-order mark first, CRLF between records; times in the
 * bot's zone with their offset; who took and delivered each order as the export names them.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ExportedOrder } from '../../src/core/sales.ts';
import { EXPORT_COLUMNS, ordersCsv } from '../../src/sales/export-csv.ts';

const at = (iso: string) => Date.parse(iso);
const order = (orderId: string, fields: Partial<ExportedOrder>): ExportedOrder => ({
  orderId,
  store: 'main',
  createdAt: at('2026-11-22T18:45:00Z'),
  productId: 'p1',
  productTitle: 'Key',
  quantity: 1,
  amount: 19.99,
  status: 'paid',
  takenAt: undefined,
  takenBy: undefined,
  deliveredAt: undefined,
  deliveredBy: undefined,
  cancelledAt: undefined,
  ...fields,
});

const TITLES = [
  'Steam key, EU',
  'The "Gold" edition',
  'Two lines\nof title',
  'CRLF\r\ninside',
  'Ключ «Премиум», 1 год',
  '=1+1',
  ' spaced ',
];

async function csvOf(orders: ExportedOrder[], timeZone = 'Asia/Kolkata'): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of ordersCsv(orders, timeZone)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the export CSV', () => {
  it('round-trips every title, with a byte-order mark, a header row and CRLF records', async () => {
    const bytes = await csvOf(TITLES.map((title, i) => order(`ord_${i}`, { productTitle: title })));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.startsWith(`${EXPORT_COLUMNS.join(',')}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    // A title a spreadsheet would run as a formula comes back as text, behind an apostrophe; every other one as it was.
    expect(rows.map((row) => row.product_title)).toEqual(TITLES.map((title) => (title === '=1+1' ? "'=1+1" : title)));
    expect(rows.map((row) => row.order_id)).toEqual(TITLES.map((_, i) => `ord_${i}`));
  });

  it('writes times in the zone with their offset, amounts with a decimal point, and who did what', async () => {
    const bytes = await csvOf([
      order('A', {
        status: 'completed',
        takenAt: at('2026-11-22T19:00:00Z'),
        takenBy: { kind: 'person', name: 'Анна' },
        deliveredAt: at('2026-11-22T19:05:30Z'),
        deliveredBy: { kind: 'bot', source: 'stock' },
        amount: 1234.5,
        quantity: 2,
      }),
      order('B', { status: 'cancelled', cancelledAt: at('2026-11-23T01:00:00Z'), productId: undefined, productTitle: undefined }),
      order('C', { status: 'awaiting_confirmation', deliveredAt: at('2026-11-23T02:00:00Z'), deliveredBy: { kind: 'website' } }),
    ]);
    const rows = parse(bytes, { bom: true }) as string[][];
    expect(rows.slice(1)).toEqual([
      [
        'A',
        'main',
        '2026-11-23T00:15:00+05:30',
        'p1',
        'Key',
        '2',
        '1234.5',
        'completed',
        '2026-11-23T00:30:00+05:30',
        'Анна',
        '2026-11-23T00:35:30+05:30',
        'stock',
        '',
      ],
      ['B', 'main', '2026-11-23T00:15:00+05:30', '', '', '1', '19.99', 'cancelled', '', '', '', '', '2026-11-23T06:30:00+05:30'],
      [
        'C',
        'main',
        '2026-11-23T00:15:00+05:30',
        'p1',
        'Key',
        '1',
        '19.99',
        'awaiting_confirmation',
        '',
        '',
        '2026-11-23T07:30:00+05:30',
        'website',
        '',
      ],
    ]);
  });

  it('never lets a spreadsheet run a cell: titles and names starting with = + - @ are written as text', async () => {
    const risky = ['=HYPERLINK("http://x","y")', '+7 999', '-1', '@SUM(A1)', '\tTab'];
    const bytes = await csvOf(
      risky.map((title, i) => order(`ord_${i}`, { productTitle: title, takenBy: { kind: 'person', name: title }, quantity: -1 })),
    );
    const rows = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.product_title)).toEqual(risky.map((title) => `'${title}`));
    expect(rows.map((row) => row.taken_by)).toEqual(risky.map((title) => `'${title}`));
    // Numbers are numbers: a negative quantity is not text.
    expect(rows.map((row) => row.quantity)).toEqual(risky.map(() => '-1'));
  });

  it('is the header alone for no orders', async () => {
    expect((await csvOf([])).toString('utf8')).toBe(`\ufeff${EXPORT_COLUMNS.join(',')}\r\n`);
  });
});
