/** `npm run stock`: the CLI's answers, its refusals, and that a refused file changes nothing. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { createStockQueries } from '../../src/db/stock.ts';
import { plainTexts } from '../../src/i18n/plain-texts.ts';
import { runStockCommand, type StockCommandIo } from '../../src/ops/stock-command.ts';

const logger = pino({ level: 'silent' });
let dir: string;
let db: SqliteDatabase;
let io: StockCommandIo;
let files: Record<string, string | Uint8Array>;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stock-cli-'));
  db = openDatabase(join(dir, 'bridge.sqlite'), { logger });
  files = {};
  io = {
    stock: createStockQueries(db),
    readBytes: async (path) => {
      const content = files[path];
      if (content === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    },
    now: () => 1_700_000_000_000,
  };
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('runStockCommand', () => {
  it('adds trimmed non-empty lines, counts duplicates, and lists without showing an item', async () => {
    files['keys.txt'] = '  KEY-AAAA-0001  \r\n\r\nKEY-AAAA-0002\nKEY-AAAA-0001\n';
    expect(await runStockCommand(['add', 'game-1', 'keys.txt'], io)).toEqual({
      exitCode: 0,
      out: ['game-1: 2 added, 1 skipped as duplicates, 2 in stock now'],
      err: [],
    });
    files['more.txt'] = 'KEY-AAAA-0002\nKEY-AAAA-0003';
    expect((await runStockCommand(['add', 'game-1', 'more.txt'], io)).out).toEqual([
      'game-1: 1 added, 1 skipped as duplicates, 3 in stock now',
    ]);
    await runStockCommand(['pause', 'game-1'], io);
    const list = await runStockCommand(['list'], io);
    expect(list.out[0]).toMatch(/^product\s+title\s+left\s+reserved\s+held\s+delivered\s+bad\s+auto\s+next$/);
    expect(list.out[1]).toMatch(/^game-1\s+–\s+3\s+0\s+0\s+0\s+0\s+paused\s+KE…01$/);
    expect(list.out.join('\n')).not.toContain('KEY-AAAA');
  });

  it('refuses a missing file, an empty file and a product id with spaces, with one line, changing nothing', async () => {
    files['empty.txt'] = '\n  \n';
    const cases: [string[], RegExp][] = [
      [['add', 'game-1', 'missing.txt'], /^Nothing changed: cannot read missing\.txt: no such file$/],
      [['add', 'game-1', 'empty.txt'], /^Nothing changed: the file has no items/],
      [['add', 'game 1', 'empty.txt'], /^Nothing changed: the product id must be one word without spaces/],
    ];
    for (const [args, message] of cases) {
      const result = await runStockCommand(args, io);
      expect(result.exitCode, args.join(' ')).toBe(1);
      expect(result.err).toHaveLength(1);
      expect(result.err[0]).toMatch(message);
    }
    expect(io.stock.summary()).toEqual([]);
  });

  it('refuses a whole file when one line is too long: nothing half-written', async () => {
    files['bad.txt'] = `GOOD-1\n${'x'.repeat(1001)}\nGOOD-2`;
    expect((await runStockCommand(['add', 'game-1', 'bad.txt'], io)).exitCode).toBe(1);
    expect(io.stock.inStock('game-1' as never)).toBe(0);
  });

  it('refuses a file that is not text (NUL bytes, invalid UTF-8) with the reason, adding nothing from it', async () => {
    files['binary.bin'] = Buffer.from([0x4b, 0x45, 0x59, 0x0a, 0x00, 0x01, 0x02, 0x0a]);
    files['latin1.txt'] = Buffer.from('KEY-1\nCL\xc9-2\n', 'latin1');
    files['no-bom.txt'] = Buffer.from('KEY-UTF16-0001\n', 'utf16le');
    files['broken-16.txt'] = Buffer.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0xd8]);
    const binary = /^Nothing changed: the file holds NUL bytes: it is not a text file, or it is UTF-16 without a byte-order mark/;
    const invalid = /^Nothing changed: the file is not valid text: save it as UTF-8/;
    for (const [file, reason] of [
      ['binary.bin', binary],
      ['latin1.txt', invalid],
      ['no-bom.txt', binary],
      ['broken-16.txt', invalid],
    ] as const) {
      const result = await runStockCommand(['add', 'game-1', file], io);
      expect(result.exitCode, file).toBe(1);
      expect(result.err[0], file).toMatch(reason);
    }
    expect(io.stock.summary()).toEqual([]);
  });

  it('lists the items held after a refused delivery, and release puts them back in stock only for such an order', async () => {
    files['k.txt'] = 'HELD-KEY-0001\nHELD-KEY-0002\nHELD-KEY-0003';
    await runStockCommand(['add', 'game-1', 'k.txt'], io);
    io.stock.reserve('ord-held' as never, 'game-1' as never, 2, 1);
    io.stock.markFailed('ord-held' as never, 2);
    io.stock.reserve('ord-busy' as never, 'game-1' as never, 1, 3);
    const list = await runStockCommand(['list'], io);
    expect(list.out[1]).toMatch(/^game-1\s+–\s+0\s+1\s+2\s+0\s+0\s+on\s+–$/);
    expect(list.out[2]).toBe(
      'ord-held holds 2 item(s) of game-1 after a refused delivery; if the buyer did not get them: npm run stock -- release ord-held',
    );
    expect(list.out.join('\n')).not.toContain('HELD-KEY');
    expect(await runStockCommand(['release', 'ord-busy'], io)).toEqual({
      exitCode: 1,
      out: [],
      err: ['ord-busy is being delivered right now: nothing released'],
    });
    expect((await runStockCommand(['release', 'ord-held'], io)).out).toEqual(['ord-held: 2 item(s) back in stock of game-1']);
    expect((await runStockCommand(['release', 'ord-held'], io)).err).toEqual([
      'ord-held holds no items (npm run stock -- list shows the held ones): nothing released',
    ]);
    expect(io.stock.summary()[0]).toMatchObject({ inStock: 2, reserved: 1, held: 0 });
    expect((await runStockCommand(['release'], io)).exitCode).toBe(2);
  });

  it('clears only what was not handed out, and explains usage mistakes with exit 2', async () => {
    files['k.txt'] = 'A1\nA2\nA3';
    await runStockCommand(['add', 'game-1', 'k.txt'], io);
    io.stock.reserve('o1' as never, 'game-1' as never, 1, 1);
    expect((await runStockCommand(['clear', 'game-1'], io)).out).toEqual([
      'game-1: 2 items removed from stock (delivered and reserved items are kept)',
    ]);
    expect(io.stock.summary()[0]).toMatchObject({ inStock: 0, reserved: 1 });
    expect((await runStockCommand(['frobnicate'], io)).exitCode).toBe(2);
    expect((await runStockCommand(['add', 'game-1'], io)).exitCode).toBe(2);
    expect((await runStockCommand([], io)).exitCode).toBe(2);
  });
});

describe('runStockCommand in Russian (BOT_LANGUAGE=ru)', () => {
  it('says what it added, paused and lists in Russian, with plural forms, still never an item', async () => {
    const ru = { ...io, texts: plainTexts('ru') };
    files['keys.txt'] = 'KEY-AAAA-0001\nKEY-AAAA-0002\nKEY-AAAA-0003\nKEY-AAAA-0001';
    expect((await runStockCommand(['add', 'game-1', 'keys.txt'], ru)).out).toEqual([
      'game-1: добавлено 3 ключа, пропущено повторов: 1, в запасе теперь 3',
    ]);
    files['one.txt'] = 'KEY-AAAA-0004';
    expect((await runStockCommand(['add', 'game-1', 'one.txt'], ru)).out).toEqual([
      'game-1: добавлен 1 ключ, пропущено повторов: 0, в запасе теперь 4',
    ]);
    expect((await runStockCommand(['pause', 'game-1'], ru)).out).toEqual(['game-1: автовыдача на паузе (ключи сохранены, в запасе 4)']);
    const list = await runStockCommand(['list'], ru);
    expect(list.out[0]).toMatch(/^товар\s+название\s+осталось\s+в резерве\s+удержано\s+выдано\s+нерабочих\s+авто\s+следующий$/);
    expect(list.out[1]).toMatch(/^game-1\s+–\s+4\s+0\s+0\s+0\s+0\s+пауза\s+KE…01$/);
    expect(list.out.join('\n')).not.toContain('KEY-AAAA');
    expect((await runStockCommand(['clear', 'game-1'], ru)).out).toEqual([
      'game-1: удалено 4 ключа из запаса (выданные и зарезервированные остаются)',
    ]);
  });

  it('refuses in Russian: a missing file, an empty one, a product id with spaces, a usage mistake', async () => {
    const ru = { ...io, texts: plainTexts('ru') };
    files['empty.txt'] = '\n';
    expect((await runStockCommand(['add', 'game-1', 'missing.txt'], ru)).err).toEqual([
      'Ничего не изменилось: не удаётся прочитать missing.txt: такого файла нет',
    ]);
    expect((await runStockCommand(['add', 'game-1', 'empty.txt'], ru)).err[0]).toMatch(/^Ничего не изменилось: в файле нет ключей/);
    expect((await runStockCommand(['add', 'game 1', 'empty.txt'], ru)).err[0]).toMatch(
      /^Ничего не изменилось: id товара должен быть одним словом без пробелов, не длиннее 200 символов/,
    );
    const usage = await runStockCommand(['add', 'game-1'], ru);
    expect(usage).toMatchObject({ exitCode: 2 });
    expect(usage.err[0]).toMatch(/^Команде «add» нужно 2 аргумента\.\nИспользование: npm run stock -- <команда>\n/);
    expect(io.stock.summary()).toEqual([]);
  });
});

describe('npm run stock, as a process', () => {
  it('reads standard input for -, and its database is the one DATABASE_PATH names', async () => {
    const database = join(dir, 'cli.sqlite');
    const exec = promisify(execFile);
    // English unless a case says otherwise, whatever the shell running the tests has set.
    const env = { ...process.env, DATABASE_PATH: database, BOT_LANGUAGE: 'en' };
    const stockCli = (...args: string[]) => exec(process.execPath, ['--import', 'tsx', 'src/stock.ts', ...args], { env });
    const adding = stockCli('add', 'gift-card', '-');
    adding.child.stdin?.end('CODE-1111-2222\nCODE-3333-4444\n');
    expect((await adding).stdout.trim()).toBe('gift-card: 2 added, 0 skipped as duplicates, 2 in stock now');
    const listed = await stockCli('list');
    expect(listed.stdout).toMatch(/gift-card\s+–\s+2\s+0\s+0\s+0\s+0\s+on\s+CO…22/);
    expect(listed.stdout).not.toContain('CODE-1111');
    const missing = await stockCli('add', 'gift-card', join(dir, 'nope.txt')).catch((error: { code: number; stderr: string }) => error);
    expect(missing).toMatchObject({ code: 1 });
    expect((missing as { stderr: string }).stderr.trim()).toMatch(/^Nothing changed: cannot read .*nope\.txt: no such file$/);
    // BOT_LANGUAGE picks the language; an unknown one is not worth refusing over: English.
    const inRussian = await exec(process.execPath, ['--import', 'tsx', 'src/stock.ts', 'pause', 'gift-card'], {
      env: { ...env, BOT_LANGUAGE: 'ru' },
    });
    expect(inRussian.stdout.trim()).toBe('gift-card: автовыдача на паузе (ключи сохранены, в запасе 2)');
    const unknown = await exec(process.execPath, ['--import', 'tsx', 'src/stock.ts', 'resume', 'gift-card'], {
      env: { ...env, BOT_LANGUAGE: 'xx' },
    });
    expect(unknown.stdout.trim()).toBe('gift-card: auto-delivery on (2 items in stock)');
  }, 30_000);

  it('reads a file saved as "Unicode" (UTF-16 LE or BE with its byte-order mark) as the items it holds, and refuses binary', async () => {
    const database = join(dir, 'cli.sqlite');
    const exec = promisify(execFile);
    const env = { ...process.env, DATABASE_PATH: database, BOT_LANGUAGE: 'en' };
    const stockCli = (...args: string[]) => exec(process.execPath, ['--import', 'tsx', 'src/stock.ts', ...args], { env });
    const littleEndian = join(dir, 'notepad-unicode.txt');
    writeFileSync(littleEndian, Buffer.from('\uFEFFКЛЮЧ-0001-ÆØÅ\r\nKEY-0002-ABCD\r\n', 'utf16le'));
    const bigEndian = join(dir, 'unicode-big-endian.txt');
    writeFileSync(bigEndian, Buffer.from('\uFEFFKEY-0003-WXYZ\n', 'utf16le').swap16());
    expect((await stockCli('add', 'gift-card', littleEndian)).stdout.trim()).toBe(
      'gift-card: 2 added, 0 skipped as duplicates, 2 in stock now',
    );
    expect((await stockCli('add', 'gift-card', bigEndian)).stdout.trim()).toBe(
      'gift-card: 1 added, 0 skipped as duplicates, 3 in stock now',
    );
    const binary = join(dir, 'photo.jpg');
    writeFileSync(binary, Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x0a]));
    const refused = await stockCli('add', 'gift-card', binary).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toMatch(/^Nothing changed: the file is not valid text/);
    const db = openDatabase(database, { logger });
    try {
      const stock = createStockQueries(db);
      expect(stock.inStock('gift-card' as never)).toBe(3);
      stock.reserve('o-1' as never, 'gift-card' as never, 3, 1);
      expect(stock.reservation('o-1' as never)?.items.map((item) => item.item)).toEqual([
        'КЛЮЧ-0001-ÆØÅ',
        'KEY-0002-ABCD',
        'KEY-0003-WXYZ',
      ]);
    } finally {
      db.close();
    }
  }, 30_000);
});
