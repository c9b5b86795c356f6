/**
 * `npm run stock -- <command>`: the seller's stock from a shell. Works on the database alone (no store call, no
 * Telegram), so it runs beside a live bridge: SQLite's WAL lets both write, each change in one transaction.
 * Items are never printed: `list` shows counts and a masked hint.
 */
import { parseProductId, parseStockLines, StockInputError } from '../core/stock-input.ts';
import type { ProductStock } from '../core/stock-plan.ts';
import type { StockQueries } from '../db/stock.ts';

const STOCK_USAGE = `Usage: npm run stock -- <command>
  add <productId> <file|->   add one item per non-empty line (- reads standard input); duplicates are skipped
  list                        every product with stock: items left, reserved, delivered, bad, paused
  pause <productId>           stop auto-delivery of this product (its items stay)
  resume <productId>          auto-deliver this product again
  clear <productId>           remove the items not handed out yet (delivered and reserved ones stay)`;

export interface StockCommandIo {
  stock: StockQueries;
  /** The text of a file, or of standard input for `-`; throws when it cannot be read. */
  readText(path: string): Promise<string>;
  now: () => number;
}

export interface StockCommandResult {
  exitCode: number;
  out: string[];
  err: string[];
}

const done = (out: string[]): StockCommandResult => ({ exitCode: 0, out, err: [] });
const refused = (line: string, exitCode = 1): StockCommandResult => ({ exitCode, out: [], err: [line] });

export async function runStockCommand(args: readonly string[], io: StockCommandIo): Promise<StockCommandResult> {
  const [command, ...rest] = args;
  const [first = '', second = ''] = rest;
  if (command === undefined || command === '--help' || command === '-h') return { exitCode: command ? 0 : 2, out: [STOCK_USAGE], err: [] };
  const expected = command === 'add' ? 2 : command === 'list' ? 0 : 1;
  if (!['add', 'list', 'pause', 'resume', 'clear'].includes(command)) return refused(`Unknown command "${command}".\n${STOCK_USAGE}`, 2);
  if (rest.length !== expected)
    return refused(`"${command}" takes ${expected === 0 ? 'no arguments' : `${expected} argument(s)`}.\n${STOCK_USAGE}`, 2);
  try {
    if (command === 'list') return done(formatStockList(io.stock.summary()));
    const productId = parseProductId(first);
    const now = io.now();
    switch (command) {
      case 'add': {
        const text = await readOrExplain(io, second);
        const result = io.stock.add(productId, parseStockLines(text), now);
        return done([`${productId}: ${result.added} added, ${result.skipped} skipped as duplicates, ${result.inStock} in stock now`]);
      }
      case 'pause':
        io.stock.setPaused(productId, true, now);
        return done([`${productId}: auto-delivery paused (${io.stock.inStock(productId)} items kept)`]);
      case 'resume':
        io.stock.setPaused(productId, false, now);
        return done([`${productId}: auto-delivery on (${io.stock.inStock(productId)} items in stock)`]);
      default: {
        const removed = io.stock.clear(productId, now);
        return done([`${productId}: ${removed} items removed from stock (delivered and reserved items are kept)`]);
      }
    }
  } catch (error) {
    if (error instanceof StockInputError || error instanceof UnreadableFile) return refused(`Nothing changed: ${error.message}`);
    throw error;
  }
}

class UnreadableFile extends Error {}

async function readOrExplain(io: StockCommandIo, path: string): Promise<string> {
  try {
    return await io.readText(path);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a folder'
          : code === 'EACCES'
            ? 'permission denied'
            : 'it cannot be read';
    throw new UnreadableFile(`cannot read ${path === '-' ? 'standard input' : path}: ${why}`);
  }
}

/** A table a person reads in a terminal; items never appear, only a masked hint of the next one. */
function formatStockList(products: readonly ProductStock[]): string[] {
  if (products.length === 0) return ['No stock yet. Add some: npm run stock -- add <productId> <file>'];
  const rows = products.map((p) => [
    p.productId,
    p.title ?? '–',
    String(p.inStock),
    String(p.reserved),
    String(p.delivered),
    String(p.bad),
    p.paused ? 'paused' : 'on',
    p.nextHint ?? '–',
  ]);
  const header = ['product', 'title', 'left', 'reserved', 'delivered', 'bad', 'auto', 'next'];
  const widths = header.map((h, i) => Math.min(40, Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0))));
  const cut = (value: string, width: number) => (value.length > width ? `${value.slice(0, width - 1)}…` : value);
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cut(cell, widths[i] ?? 0).padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)];
}
