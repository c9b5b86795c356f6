/** The answers of /backup: the encrypted backup's caption, where it went, and why it did not. */
import type { Html } from '../helpers/html.ts';
import type { Translator } from './translator.ts';

export const backupUnavailable = (tr: Translator): Html => tr.html('backup-unavailable');
export const backupCaption = (tr: Translator, { at, filename }: { at: number; filename: string }): Html =>
  tr.html('backup-caption', { at: tr.format.moment(at), filename });
export const backupSentPrivately = (tr: Translator): Html => tr.html('backup-sent-privately');
/** Telegram refuses a bot's first message to a person (403): they must open the private chat themselves. */
export const backupNoPrivateChat = (tr: Translator, { bot }: { bot: string }): Html => tr.html('backup-no-private-chat', { bot });
export const backupFailed = (tr: Translator, { reason }: { reason: string }): Html => tr.html('backup-failed', { reason });
export const backupNotSent = (tr: Translator, { reason }: { reason: string }): Html => tr.html('backup-not-sent', { reason });
export const backupTooBig = (tr: Translator, { megabytes, limit }: { megabytes: number; limit: number }): Html =>
  tr.html('backup-too-big', { megabytes, limit });
