/**
 * `npm run stock -- <command>`: the seller's stock from a shell. Works on the database alone (no store call, no
 * Telegram), so it runs beside a live bridge: SQLite's WAL lets both write, each change in one transaction.
 * Items are never printed: `list` shows counts and a masked hint. It speaks the seller's language (BOT_LANGUAGE):
 * its words are in locales/<language>/stock-cli.ftl.
 */
import { parseStockFile } from '../core/stock/stock-file.ts';
import { parseProductId, StockInputError } from '../core/stock/stock-input.ts';
import type { HeldOrder, ProductStock } from '../core/stock/stock-plan.ts';
import type { StockQueries } from '../db/stock.ts';
import { plainTexts, type PlainTexts } from '../i18n/plain-texts.ts';
import type { OrderId } from '../seller-api/schemas.ts';

export interface StockCommandIo {
  stock: StockQueries;
  /** The bytes of a file, or of standard input for `-`; throws when it cannot be read. */
  readBytes(path: string): Promise<Uint8Array>;
  now: () => number;
  /** The seller's language (BOT_LANGUAGE, else English): locales/<language>/stock-cli.ftl. */
  texts?: PlainTexts;
}

export interface StockCommandResult {
  exitCode: number;
  out: string[];
  err: string[];
}

const done = (out: string[]): StockCommandResult => ({ exitCode: 0, out, err: [] });
const refused = (line: string, exitCode = 1): StockCommandResult => ({ exitCode, out: [], err: [line] });

export async function runStockCommand(args: readonly string[], io: StockCommandIo): Promise<StockCommandResult> {
  const tr = io.texts ?? plainTexts();
  const usage = tr.text('stock-cli-usage');
  const [command, ...rest] = args;
  const [first = '', second = ''] = rest;
  if (command === undefined || command === '--help' || command === '-h') return { exitCode: command ? 0 : 2, out: [usage], err: [] };
  const expected = command === 'add' ? 2 : command === 'list' ? 0 : 1;
  if (!['add', 'list', 'pause', 'resume', 'clear', 'release'].includes(command))
    return refused([tr.text('stock-cli-unknown-command', { command }), usage].join('\n'), 2);
  if (rest.length !== expected) return refused([tr.text('stock-cli-wrong-arguments', { command, expected }), usage].join('\n'), 2);
  try {
    if (command === 'list') return done([...formatStockList(io.stock.summary(), tr), ...heldLines(io.stock.heldOrders(), tr)]);
    if (command === 'release') return release(first.trim() as OrderId, io, tr);
    const productId = parseProductId(first);
    const now = io.now();
    switch (command) {
      case 'add': {
        const bytes = await readOrExplain(io, second);
        const result = io.stock.add(productId, parseStockFile(bytes), now);
        return done([tr.text('stock-cli-added', { productId, added: result.added, skipped: result.skipped, inStock: result.inStock })]);
      }
      case 'pause':
        io.stock.setPaused(productId, true, now);
        return done([tr.text('stock-cli-paused', { productId, inStock: io.stock.inStock(productId) })]);
      case 'resume':
        io.stock.setPaused(productId, false, now);
        return done([tr.text('stock-cli-resumed', { productId, inStock: io.stock.inStock(productId) })]);
      default: {
        const removed = io.stock.clear(productId, now);
        return done([tr.text('stock-cli-cleared', { productId, removed })]);
      }
    }
  } catch (error) {
    const reason =
      error instanceof StockInputError
        ? tr.text('stock-cli-input-refused', { code: error.code, ...error.details })
        : error instanceof UnreadableFile
          ? tr.text('stock-cli-unreadable', {
              file: error.path === '-' ? tr.text('stock-cli-standard-input') : error.path,
              why: error.why,
            })
          : undefined;
    if (reason === undefined) throw error;
    return refused(tr.text('stock-cli-nothing-changed', { reason }));
  }
}

/** A person checked that the buyer never got an order's held items: they go back to stock. */
function release(orderId: OrderId, io: StockCommandIo, tr: PlainTexts): StockCommandResult {
  const result = io.stock.releaseHeld(orderId, io.now());
  if (!result.ok) return refused(tr.text('stock-cli-not-released', { orderId, why: result.reason }));
  return done([tr.text('stock-cli-released', { orderId, released: result.released, productId: result.productId })]);
}

const heldLines = (held: readonly HeldOrder[], tr: PlainTexts): string[] =>
  held.map(({ orderId, productId, items }) => tr.text('stock-cli-list-held', { orderId, productId, items }));

/** A file that could not be read: the path and the file system's code, said in the seller's language above. */
class UnreadableFile extends Error {
  constructor(
    readonly path: string,
    readonly why: string,
  ) {
    super(why);
  }
}

async function readOrExplain(io: StockCommandIo, path: string): Promise<Uint8Array> {
  try {
    return await io.readBytes(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new UnreadableFile(path, typeof code === 'string' ? code : 'other');
  }
}

/** A table a person reads in a terminal; items never appear, only a masked hint of the next one. */
function formatStockList(products: readonly ProductStock[], tr: PlainTexts): string[] {
  if (products.length === 0) return [tr.text('stock-cli-list-empty')];
  const rows = products.map((p) => [
    p.productId,
    p.title ?? '–',
    String(p.inStock),
    String(p.reserved),
    String(p.held),
    String(p.delivered),
    String(p.bad),
    tr.text('stock-cli-list-auto', { paused: p.paused ? 'yes' : 'no' }),
    p.nextHint ?? '–',
  ]);
  const columns = ['product', 'title', 'left', 'reserved', 'held', 'delivered', 'bad', 'auto', 'next'];
  const header = columns.map((column) => tr.text('stock-cli-list-column', { column }));
  const widths = header.map((h, i) => Math.min(40, Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0))));
  const cut = (value: string, width: number) => (value.length > width ? `${value.slice(0, width - 1)}…` : value);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cut(cell, widths[i] ?? 0).padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
