/**
 * Stock files: a `.txt` document with the caption `/stock <productId>` adds its items, answered like
 * `npm run stock -- add`; anything else gets one clear answer and changes nothing. No item ever reaches a message or a
 * log line.
 */
import { describe, expect, it } from 'vitest';
import { createAuditQueries } from '../../src/db/audit.ts';
import type { ProductId } from '../../src/seller-api/schemas.ts';
import type { SentDocument } from '../support/fake-telegram/types.ts';
import { ADMIN, GROUP_ID, settled, type BridgeHarness } from './harness.ts';
import { expectNoLeaks, keys, useStockBridge } from './stock-support.ts';

const start = useStockBridge();

const MB = 1024 * 1024;

const txt = (content: string | Uint8Array, caption = '/stock prod-1', extra: Partial<SentDocument> = {}): SentDocument => ({
  content,
  fileName: 'keys.txt',
  mimeType: 'text/plain',
  caption,
  ...extra,
});

/** Sends, waits, and returns the bot's answers to that message. */
async function answersTo(h: BridgeHarness, send: () => { message_id: number }, chatId = ADMIN.id) {
  const message = send();
  await settled(h);
  return h.repliesTo(message.message_id, chatId).map((answer) => answer.text);
}

describe('stock files', () => {
  it('add their items, count duplicates, and answer like the CLI', async () => {
    const { h, stock, log } = await start();
    const items = keys('U', 4);
    const [a, b, c, d] = items as [string, string, string, string];
    // A byte-order mark, CRLF, blank lines and padding are all fine; a repeated line counts as a duplicate.
    const first = `\uFEFF${a}\r\n\r\n  ${b}  \n${b}\n${c}\n`;
    expect(await answersTo(h, () => h.telegram.sendDocument(ADMIN, txt(first)))).toEqual([
      'prod-1: 3 added, 1 skipped as duplicates, 3 in stock now',
    ]);

    // In the group, addressed to this bot by name, without a MIME type: the .txt name is enough.
    const second = txt(`${c}\n${d}\n`, '/stock@bridge_test_bot prod-1', { mimeType: undefined });
    expect(await answersTo(h, () => h.telegram.sendDocument(ADMIN, second, { chatId: GROUP_ID }), GROUP_ID)).toEqual([
      'prod-1: 1 added, 1 skipped as duplicates, 4 in stock now',
    ]);
    expect(stock.summary()).toMatchObject([{ productId: 'prod-1', inStock: 4, paused: false }]);
    expect(stock.reserve('ord-1' as never, 'prod-1' as ProductId, 4, Date.now())).toMatchObject({ ok: true });
    expect(stock.reservation('ord-1' as never)?.items.map((item) => item.item)).toEqual(items);

    // A caption for another bot is not ours.
    const foreign = txt('OTHER-BOT-ITEM-0001\n', '/stock@some_other_bot prod-1');
    expect(await answersTo(h, () => h.telegram.sendDocument(ADMIN, foreign, { chatId: GROUP_ID }), GROUP_ID)).toEqual([]);
    expect(stock.summary()).toMatchObject([{ productId: 'prod-1', inStock: 0, reserved: 4 }]);
    expectNoLeaks(h, log.lines, [...items, 'OTHER-BOT-ITEM-0001']);
    // Two files added, by the admin; the audit trail names the step, never an item.
    const steps = createAuditQueries(h.db).latestSteps(10);
    expect(steps.map((step) => [step.action, step.result, step.actor.kind === 'person' && step.actor.userId])).toEqual([
      ['stock-add', 'ok', ADMIN.id],
      ['stock-add', 'ok', ADMIN.id],
    ]);
    for (const item of items) expect(JSON.stringify(steps)).not.toContain(item);
  });

  it('read a file saved as "Unicode" (UTF-16 with its byte-order mark, either byte order) as the items it holds', async () => {
    const { h, stock, log } = await start();
    const [a, b, c] = keys('W', 3) as [string, string, string];
    const littleEndian = Buffer.from(`\uFEFF${a}\r\n${b}\r\n`, 'utf16le');
    const bigEndian = Buffer.from(`\uFEFF${c}\n`, 'utf16le').swap16();
    expect(await answersTo(h, () => h.telegram.sendDocument(ADMIN, txt(littleEndian)))).toEqual([
      'prod-1: 2 added, 0 skipped as duplicates, 2 in stock now',
    ]);
    expect(await answersTo(h, () => h.telegram.sendDocument(ADMIN, txt(bigEndian)))).toEqual([
      'prod-1: 1 added, 0 skipped as duplicates, 3 in stock now',
    ]);
    stock.reserve('ord-16' as never, 'prod-1' as ProductId, 3, Date.now());
    expect(stock.reservation('ord-16' as never)?.items.map((item) => item.item)).toEqual([a, b, c]);
    expectNoLeaks(h, log.lines, [a, b, c]);
  });

  it('each file it cannot take gets one clear answer and changes nothing', async () => {
    const { h, stock, log } = await start();
    const secret = 'REFUSED-ITEM-0001-SECRET';
    const big = `${secret}\n`.repeat(Math.ceil((MB + 1) / (secret.length + 1)));
    const cases: [string, () => { message_id: number }, string][] = [
      ['announced too large', () => h.telegram.sendDocument(ADMIN, txt(big)), 'the file is larger than 1 MB: split it into smaller files'],
      [
        'too large though announced small',
        () => h.telegram.sendDocument(ADMIN, txt(big, undefined, { announcedSize: 100 })),
        'the file is larger than 1 MB: split it into smaller files',
      ],
      [
        'too large, size not announced',
        () => h.telegram.sendDocument(ADMIN, txt(big, undefined, { announcedSize: null })),
        'the file is larger than 1 MB: split it into smaller files',
      ],
      [
        'a PDF',
        () => h.telegram.sendDocument(ADMIN, txt(`%PDF-1.4 ${secret}`, undefined, { fileName: 'keys.pdf', mimeType: 'application/pdf' })),
        'only plain text files are taken (.txt, UTF-8), one key, code or account per line',
      ],
      [
        'not UTF-8',
        () => h.telegram.sendDocument(ADMIN, txt(Buffer.from([0x41, 0x42, 0xff, 0xfe, 0x0a]))),
        'the file is not valid text: save it as UTF-8 (UTF-16 with a byte-order mark works too)',
      ],
      [
        'UTF-16 without its byte-order mark',
        () => h.telegram.sendDocument(ADMIN, txt(Buffer.from(`${secret}\n`, 'utf16le'))),
        'the file holds NUL bytes: it is not a text file, or it is UTF-16 without a byte-order mark; save it as UTF-8 text',
      ],
      ['empty', () => h.telegram.sendDocument(ADMIN, txt('')), 'the file has no items: put one key, code or account per line'],
      [
        'blank lines only',
        () => h.telegram.sendDocument(ADMIN, txt(' \n\r\n\t\n')),
        'the file has no items: put one key, code or account per line',
      ],
      [
        'an item too long',
        () => h.telegram.sendDocument(ADMIN, txt(`${secret}\n${'y'.repeat(1001)}\n`)),
        'item 2 is longer than 1000 characters: nothing was added',
      ],
      [
        'a photo',
        () => h.telegram.sendPhoto(ADMIN, '/stock prod-1'),
        'send the items as a .txt file (attached as a file, not as a photo or media) with the caption /stock <productId>',
      ],
      [
        'no product id',
        () => h.telegram.sendDocument(ADMIN, txt(`${secret}\n`, '/stock')),
        'add the product id to the caption: /stock <productId>',
      ],
      [
        'a product id with spaces',
        () => h.telegram.sendDocument(ADMIN, txt(`${secret}\n`, '/stock my product')),
        'the product id must be one word without spaces, at most 200 characters (as the store shows it)',
      ],
    ];
    // Refused before any download: an announced size over the cap, a file that is no text file, no product id.
    const refusedUnread = new Set(['announced too large', 'a PDF', 'a photo', 'no product id', 'a product id with spaces']);
    for (const [name, send, reason] of cases) {
      const downloads = h.telegram.callsOf('downloadFile').length;
      expect(await answersTo(h, send), name).toEqual([`Nothing changed: ${reason}`]);
      expect(h.telegram.callsOf('downloadFile').length - downloads, name).toBe(refusedUnread.has(name) ? 0 : 1);
    }
    expect(stock.summary()).toEqual([]);
    expectNoLeaks(h, log.lines, [secret]);
  });

  it('says so when Telegram will not give the file, and nothing changes', async () => {
    const { h, stock, log } = await start();
    h.telegram.failNext('getFile', { error_code: 400, description: 'Bad Request: file is too big' });
    expect(await answersTo(h, () => h.telegram.sendDocument(ADMIN, txt('GONE-ITEM-0001-SECRET\n')))).toEqual([
      'Nothing changed: the file could not be downloaded from Telegram; send it again',
    ]);
    expect(stock.summary()).toEqual([]);
    const refusal = log.lines.find((line) => line.includes('stock file refused'));
    expect(refusal).toContain('STOCK_FILE_UNAVAILABLE');
    expect(refusal).toContain('file is too big');
    expectNoLeaks(h, log.lines, ['GONE-ITEM-0001-SECRET']);
  });
});
