/** The fake must fail where Telegram fails, or the bot tests prove nothing. */
import { Api, GrammyError, HttpError } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseTelegramHtml, startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';

const user = { id: 42, first_name: 'Seller' };
let telegram: FakeTelegram;
let api: Api;

beforeEach(async () => {
  telegram = await startFakeTelegram();
  api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
});
afterEach(() => telegram.close());

describe('fake Telegram Bot API', () => {
  it('parses HTML strictly, like Telegram', () => {
    expect(parseTelegramHtml('<b>a</b> &amp; &lt;i&gt; &#39;').text).toBe(`a & <i> '`);
    for (const bad of ['a < b', 'a & b', '<b>open', '<script>x</script>', '<b><i>x</b></i>', 'a > b']) {
      expect(() => parseTelegramHtml(bad), bad).toThrow(/can't parse entities/);
    }
  });

  it('sends, refuses bad HTML and over-long texts, and keeps what a user sees', async () => {
    const sent = await api.sendMessage(user.id, '<b>Hi</b> &amp; bye', { parse_mode: 'HTML' });
    expect(telegram.message(user.id, sent.message_id)?.text).toBe('Hi & bye');
    await expect(api.sendMessage(user.id, 'a < b', { parse_mode: 'HTML' })).rejects.toThrow(/can't parse entities/);
    await expect(api.sendMessage(user.id, 'x'.repeat(4097))).rejects.toThrow(/too long/);
    await expect(api.sendMessage(user.id, '&amp;'.repeat(4096), { parse_mode: 'HTML' })).resolves.toBeDefined();
  });

  it('gives a sent document to getUpdates, getFile and the file download, to this token only', async () => {
    const sent = telegram.sendDocument(user, { content: 'AB\nCD\n', fileName: 'keys.txt', mimeType: 'text/plain', caption: '/stock p1' });
    expect(sent).toMatchObject({ caption: '/stock p1', caption_entities: [{ type: 'bot_command', offset: 0, length: 6 }] });
    expect(sent).not.toHaveProperty('text');
    const [update] = await api.getUpdates();
    const document = update?.message?.document;
    expect(document).toMatchObject({ file_name: 'keys.txt', mime_type: 'text/plain', file_size: 6 });
    const file = await api.getFile(document!.file_id);
    const download = await fetch(`${telegram.apiRoot}/file/bot${telegram.token}/${file.file_path}`);
    expect(download.headers.get('content-length')).toBeNull();
    expect(await download.text()).toBe('AB\nCD\n');
    expect((await fetch(`${telegram.apiRoot}/file/bot123:nope/${file.file_path}`)).status).toBe(401);
    expect((await fetch(`${telegram.apiRoot}/file/bot${telegram.token}/documents/none.txt`)).status).toBe(404);
    expect(telegram.callsOf('downloadFile').map((call) => call.ok)).toEqual([true, false, false]);
    await expect(api.getFile('no-such-file')).rejects.toThrow(/invalid file_id/);
  });

  it('cuts the connection for a network fault, once', async () => {
    telegram.failNext('getMe', { network: 'reset' });
    await expect(api.getMe()).rejects.toBeInstanceOf(HttpError);
    await expect(api.getMe()).resolves.toMatchObject({ is_bot: true });
  });

  it('answers "message is not modified" for an identical edit', async () => {
    const sent = await api.sendMessage(user.id, 'one', { reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } });
    await api.editMessageText(user.id, sent.message_id, 'two', {
      reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] },
    });
    const error = await api
      .editMessageText(user.id, sent.message_id, 'two', { reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GrammyError);
    expect((error as GrammyError).description).toMatch(/message is not modified/);
    telegram.deleteMessage(user.id, sent.message_id);
    await expect(api.editMessageText(user.id, sent.message_id, 'three')).rejects.toThrow(/message to edit not found/);
  });

  it('refuses a reply to a missing message unless allowed', async () => {
    await expect(api.sendMessage(user.id, 'x', { reply_parameters: { message_id: 99 } })).rejects.toThrow(/replied not found/);
    const sent = await api.sendMessage(user.id, 'x', { reply_parameters: { message_id: 99, allow_sending_without_reply: true } });
    expect(telegram.message(user.id, sent.message_id)?.replyToMessageId).toBeUndefined();
  });

  it('refuses callback data over 64 bytes', async () => {
    await expect(
      api.sendMessage(user.id, 'x', { reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'é'.repeat(33) }]] } }),
    ).rejects.toThrow(/BUTTON_DATA_INVALID/);
  });

  it('long-polls until an update arrives, and drops updates confirmed by offset', async () => {
    const started = Date.now();
    const pending = api.getUpdates({ timeout: 5 });
    setTimeout(() => telegram.sendText(user, '/start'), 50);
    const updates = await pending;
    expect(Date.now() - started).toBeLessThan(2000);
    expect(updates).toHaveLength(1);
    expect(updates[0]!.message?.entities?.[0]?.type).toBe('bot_command');
    expect(await api.getUpdates({ offset: updates[0]!.update_id, timeout: 0 })).toHaveLength(1);
    expect(await api.getUpdates({ offset: updates[0]!.update_id + 1, timeout: 0 })).toHaveLength(0);
    expect(await api.getUpdates({ timeout: 0 })).toHaveLength(0);
  });

  it('fails the next call as programmed, then recovers', async () => {
    telegram.failNext('sendMessage', { error_code: 429, retry_after: 3 });
    const error = (await api.sendMessage(user.id, 'x').catch((caught: unknown) => caught)) as GrammyError;
    expect(error.error_code).toBe(429);
    expect(error.parameters.retry_after).toBe(3);
    await expect(api.sendMessage(user.id, 'x')).resolves.toBeDefined();
    expect(telegram.callsOf('sendMessage').map((call) => call.ok)).toEqual([false, true]);
  });

  it('lets a user tap only buttons a message has, and records the answer', async () => {
    const sent = await api.sendMessage(user.id, 'x', { reply_markup: { inline_keyboard: [[{ text: 'Take', callback_data: 't:1' }]] } });
    expect(() => telegram.tapButton(user, sent.message_id, 't:2')).toThrow();
    const query = telegram.tapLabel(user, sent.message_id, 'Take');
    await api.answerCallbackQuery(query, { text: 'ok' });
    expect(telegram.callbackAnswer(query)).toEqual({ text: 'ok', showAlert: false });
    await expect(api.answerCallbackQuery(query)).rejects.toThrow(/query is too old/);
  });
});
