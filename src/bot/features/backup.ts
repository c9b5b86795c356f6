/**
 * `/backup` (admins): a fresh backup of the database, encrypted to `BACKUP_AGE_RECIPIENT`, sent as a document to the
 * asking admin's private chat, never to the group (helpers there need not hold a copy, even an encrypted one). Without
 * a recipient it refuses with the reason: a plaintext copy never goes through Telegram. The backup itself is made by
 * the wiring (`makeEncryptedBackup`), since the bot knows nothing of files and databases.
 */
import { Composer, GrammyError, InputFile } from 'grammy';
import type { Logger } from 'pino';
import type { RecordStep } from '../audit/recording.ts';
import type { BotContext } from '../context.ts';
import { describeError } from '../errors.ts';
import { adminOnly } from '../middlewares/admin-only.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import {
  backupCaption,
  backupFailed,
  backupNoPrivateChat,
  backupNotSent,
  backupSentPrivately,
  backupTooBig,
  backupUnavailable,
} from '../texts/backup.ts';

export interface EncryptedBackupFile {
  bytes: Uint8Array;
  /** The document's name in Telegram, e.g. `bridge-2026-03-01T10-00-00Z.sqlite.age`. */
  filename: string;
}

/**
 * Makes a fresh age-encrypted backup of every database (one per store beside the shared one); rejects with an error
 * whose message a seller can read.
 */
export type MakeEncryptedBackup = () => Promise<EncryptedBackupFile[]>;

/** What the Bot API takes from a bot as a document (multipart upload). */
const TELEGRAM_UPLOAD_LIMIT_MB = 50;
const html = { parse_mode: 'HTML' as const };

export function backupFeature(deps: {
  /** Undefined: `BACKUP_AGE_RECIPIENT` is not set, and /backup says so. */
  makeEncryptedBackup: MakeEncryptedBackup | undefined;
  binding: ChatBinding;
  recordStep?: RecordStep | undefined;
  logger: Logger;
  secrets: readonly string[];
  now: () => number;
}) {
  const composer = new Composer<BotContext>();
  const record: RecordStep = deps.recordStep ?? (() => undefined);
  const admins = adminOnly({ binding: deps.binding, logger: deps.logger, recordStep: deps.recordStep, step: () => 'backup' });

  composer.command('backup', admins, async (ctx) => {
    const answer = (text: { html: string }) =>
      ctx.reply(text.html, { ...html, reply_parameters: { message_id: ctx.msgId ?? 0, allow_sending_without_reply: true } });
    const userId = ctx.from?.id;
    if (userId === undefined) return;
    if (deps.makeEncryptedBackup === undefined) {
      record(ctx, 'backup', 'failed', 'NO_RECIPIENT');
      return void (await answer(backupUnavailable(ctx.tr)));
    }
    const at = deps.now();
    let files: EncryptedBackupFile[];
    try {
      files = await deps.makeEncryptedBackup();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      deps.logger.error({ err: describeError(error, deps.secrets), userId }, '/backup: the backup failed');
      record(ctx, 'backup', 'failed', (error as { code?: string }).code ?? 'BACKUP_FAILED');
      return void (await answer(backupFailed(ctx.tr, { reason })));
    }
    const biggest = Math.max(...files.map((file) => file.bytes.byteLength));
    if (biggest > TELEGRAM_UPLOAD_LIMIT_MB * 1024 * 1024) {
      record(ctx, 'backup', 'failed', 'TOO_BIG');
      return void (await answer(backupTooBig(ctx.tr, { megabytes: Math.ceil(biggest / 1024 / 1024), limit: TELEGRAM_UPLOAD_LIMIT_MB })));
    }
    try {
      for (const file of files) {
        const caption = backupCaption(ctx.tr, { at, filename: file.filename });
        await ctx.api.sendDocument(userId, new InputFile(file.bytes, file.filename), { caption: caption.html, ...html });
      }
    } catch (error) {
      deps.logger.warn({ err: describeError(error, deps.secrets), userId }, '/backup: the document was not sent');
      // 403: the admin never opened a private chat with the bot (or blocked it); Telegram lets no bot write first.
      const forbidden = error instanceof GrammyError && error.error_code === 403;
      record(ctx, 'backup', 'failed', forbidden ? 'NO_PRIVATE_CHAT' : 'TELEGRAM_FAILED');
      const { description, message } = describeError(error, deps.secrets);
      const refusal = forbidden
        ? backupNoPrivateChat(ctx.tr, { bot: ctx.me.username })
        : backupNotSent(ctx.tr, { reason: description ?? message });
      return void (await answer(refusal));
    }
    record(ctx, 'backup', 'ok');
    deps.logger.info(
      { userId, files: files.length, bytes: files.reduce((sum, file) => sum + file.bytes.byteLength, 0) },
      '/backup: encrypted backup sent to the private chat',
    );
    if (ctx.chat?.type !== 'private') await answer(backupSentPrivately(ctx.tr));
  });

  return composer;
}
