/**
 * /backup as people in the group see it, against the fake Bot API and the real backup wiring (ops/backup-on-request.ts
 * over the harness's database): the asking admin gets an age-encrypted backup as a document in their private chat,
 * which opens with their identity to the database as it is; the group gets only a pointer. Staff and strangers are
 * refused, nothing is sent without BACKUP_AGE_RECIPIENT, and an admin Telegram will not write to first is told what
 * to do.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Decrypter, generateIdentity, identityToRecipient } from 'age-encryption';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MakeEncryptedBackup } from '../../src/bot/features/backup.ts';
import { encryptedBackupMaker } from '../../src/ops/backup-on-request.ts';
import type { FakeUser } from '../support/fake-telegram-api.ts';
import { ADMIN, createBridgeHarness, GROUP_ID, settled, STRANGER, type BridgeHarness } from './harness.ts';

const STAFF: FakeUser = { id: 3003, first_name: 'Anna' };
const inGroup = { chatId: GROUP_ID };

let h: BridgeHarness;
let dir: string;
let identity: string;
let made: number;

async function start(withRecipient: boolean, make?: MakeEncryptedBackup) {
  dir = mkdtempSync(join(tmpdir(), 'bridge-backup-cmd-'));
  identity = await generateIdentity();
  const recipient = await identityToRecipient(identity);
  made = 0;
  let real: MakeEncryptedBackup | undefined;
  const counted: MakeEncryptedBackup = () => {
    made += 1;
    if (make) return make();
    if (!real) throw new Error('no backup maker');
    return real();
  };
  h = await createBridgeHarness({ bot: { staffIds: [STAFF.id], ...(withRecipient ? { makeEncryptedBackup: counted } : {}) } });
  real = encryptedBackupMaker({ databasePaths: [h.dbPath], dir: join(dir, 'backups'), ageRecipient: recipient });
  if (!real) throw new Error('a recipient gives a maker');
}

afterEach(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

const documentsIn = (chatId: number) => h.telegram.botMessages(chatId).filter((message) => message.document !== undefined);
const lastText = (chatId: number) => h.telegram.botMessages(chatId).at(-1)?.text ?? '';

describe('/backup', () => {
  beforeEach(() => start(true));

  it('sends an encrypted backup to the asking admin privately, which opens to the database as it is', async () => {
    const { order } = await h.createPaidOrder();
    h.telegram.sendText(ADMIN, '/start'); // the admin has a private chat with the bot
    await settled(h);
    h.telegram.sendText(ADMIN, '/backup', inGroup);
    await settled(h);

    expect(documentsIn(GROUP_ID)).toEqual([]);
    expect(lastText(GROUP_ID)).toBe('💾 The encrypted backup is in your private chat with me.');
    const [sent, ...more] = documentsIn(ADMIN.id);
    expect(more).toEqual([]);
    expect(sent!.document!.fileName).toMatch(/^bridge-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.sqlite\.age$/);
    expect(sent!.text).toContain('encrypted to BACKUP_AGE_RECIPIENT');
    const bytes = sent!.document!.bytes;
    expect(bytes.subarray(0, 22).toString('latin1')).toBe('age-encryption.org/v1\n');

    const decrypter = new Decrypter();
    decrypter.addIdentity(identity);
    writeFileSync(join(dir, 'opened.sqlite'), await decrypter.decrypt(bytes));
    const copy = new Database(join(dir, 'opened.sqlite'), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.prepare('SELECT id FROM orders').all()).toContainEqual({ id: order.id });
    } finally {
      copy.close();
    }
    // Nothing stays on the server: the copy that matters is in the admin's chat.
    expect(readdirSync(join(dir, 'backups'))).toEqual([]);
  });

  it('refuses staff and strangers without making a backup', async () => {
    h.telegram.sendText(STAFF, '/backup', inGroup);
    h.telegram.sendText(STAFF, '/backup');
    h.telegram.sendText(STRANGER, '/backup');
    await settled(h);
    expect(made).toBe(0);
    expect(documentsIn(STAFF.id)).toEqual([]);
    expect(documentsIn(STRANGER.id)).toEqual([]);
    expect(lastText(GROUP_ID)).toMatch(/admin/i);
    expect(lastText(STAFF.id)).toMatch(/admin/i);
  });

  it('tells an admin who never opened a private chat to do so, in the group, and works once they have', async () => {
    h.telegram.neverStarted(ADMIN.id);
    h.telegram.sendText(ADMIN, '/backup', inGroup);
    await settled(h);
    expect(documentsIn(ADMIN.id)).toEqual([]);
    expect(lastText(GROUP_ID)).toBe(
      '💾 Telegram does not let me write to you first. Open a private chat with @bridge_test_bot, press Start, then send /backup again.',
    );

    h.telegram.sendText(ADMIN, '/start');
    await settled(h);
    h.telegram.sendText(ADMIN, '/backup', inGroup);
    await settled(h);
    expect(documentsIn(ADMIN.id)).toHaveLength(1);
  });

  it('answers in the private chat when asked there, without a pointer', async () => {
    h.telegram.sendText(ADMIN, '/backup');
    await settled(h);
    expect(documentsIn(ADMIN.id)).toHaveLength(1);
    expect(h.telegram.botMessages(ADMIN.id).at(-1)?.document).toBeDefined();
  });
});

describe('/backup without what it needs', () => {
  it('refuses with the reason when BACKUP_AGE_RECIPIENT is not set, and sends nothing', async () => {
    await start(false);
    h.telegram.sendText(ADMIN, '/start');
    h.telegram.sendText(ADMIN, '/backup', inGroup);
    await settled(h);
    expect(lastText(GROUP_ID)).toContain('BACKUP_AGE_RECIPIENT');
    expect(lastText(GROUP_ID)).toContain('A plaintext copy never goes through Telegram.');
    expect(documentsIn(ADMIN.id)).toEqual([]);
    expect(documentsIn(GROUP_ID)).toEqual([]);
  });

  it('says why a backup failed', async () => {
    await start(true, () => Promise.reject(new Error('the disk is full')));
    h.telegram.sendText(ADMIN, '/backup', inGroup);
    await settled(h);
    expect(made).toBe(1);
    expect(lastText(GROUP_ID)).toBe('⚠️ The backup failed: the disk is full');
    expect(documentsIn(ADMIN.id)).toEqual([]);
  });
});
