/** The fake's forum groups must fail where Telegram's do: deleted and closed topics, missing rights, no forum. */
import { Api } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';

const FORUM = -1001111111111;
const PLAIN = -1002222222222;
const user = { id: 42, first_name: 'Seller' };
let telegram: FakeTelegram;
let api: Api;

beforeEach(async () => {
  telegram = await startFakeTelegram({
    groups: [
      { id: FORUM, title: 'Forum', type: 'supergroup', isForum: true },
      { id: PLAIN, title: 'Plain', type: 'supergroup' },
    ],
  });
  api = new Api(telegram.token, { apiRoot: telegram.apiRoot });
});
afterEach(() => telegram.close());

describe('fake forum groups', () => {
  it('tells a forum by getChat and creates topics only there', async () => {
    expect(await api.getChat(FORUM)).toMatchObject({ is_forum: true });
    expect(await api.getChat(PLAIN)).not.toHaveProperty('is_forum');
    await expect(api.createForumTopic(PLAIN, 'x')).rejects.toThrow(/not a forum/);
    await expect(api.createForumTopic(FORUM, 'x'.repeat(129))).rejects.toThrow(/TOPIC_NAME_INVALID/);
  });

  it('places messages in topics, by thread id or by the message replied to', async () => {
    const topic = await api.createForumTopic(FORUM, 'Order 1');
    const card = await api.sendMessage(FORUM, 'card', { message_thread_id: topic.message_thread_id });
    expect(card).toMatchObject({ message_thread_id: topic.message_thread_id, is_topic_message: true });
    expect(card.reply_to_message?.forum_topic_created?.name).toBe('Order 1');
    const reply = await api.sendMessage(FORUM, 'ack', { reply_parameters: { message_id: card.message_id } });
    expect(reply.message_thread_id).toBe(topic.message_thread_id);
    const general = await api.sendMessage(FORUM, 'general');
    expect(general.message_thread_id).toBeUndefined();
    const typed = telegram.sendText(user, 'plain text', { chatId: FORUM, threadId: topic.message_thread_id });
    expect(typed.reply_to_message?.message_id).toBe(topic.message_thread_id);
    await api.pinChatMessage(FORUM, card.message_id);
    expect(telegram.message(FORUM, card.message_id)?.pinned).toBe(true);
  });

  it('renames, closes and reopens; refuses the same state, a closed topic, a deleted one and a missing right', async () => {
    const { message_thread_id: thread } = await api.createForumTopic(FORUM, 'a');
    await api.editForumTopic(FORUM, thread, { name: 'b' });
    await expect(api.editForumTopic(FORUM, thread, { name: 'b' })).rejects.toThrow(/TOPIC_NOT_MODIFIED/);
    await api.closeForumTopic(FORUM, thread);
    await expect(api.sendMessage(FORUM, 'x', { message_thread_id: thread })).rejects.toThrow(/TOPIC_CLOSED/);
    await api.reopenForumTopic(FORUM, thread);
    const sent = await api.sendMessage(FORUM, 'x', { message_thread_id: thread });
    expect(telegram.topics(FORUM)).toEqual([{ threadId: thread, name: 'b', closed: false, deleted: false }]);

    telegram.deleteTopic(FORUM, thread);
    expect(telegram.message(FORUM, sent.message_id)?.deleted).toBe(true);
    await expect(api.sendMessage(FORUM, 'x', { message_thread_id: thread })).rejects.toThrow(/message thread not found/);
    await expect(api.closeForumTopic(FORUM, thread)).rejects.toThrow(/TOPIC_ID_INVALID/);

    telegram.refuseTopicRights(FORUM);
    await expect(api.createForumTopic(FORUM, 'c')).rejects.toThrow(/not enough rights to create a topic/);
    telegram.refuseTopicRights(FORUM, false);
    await expect(api.createForumTopic(FORUM, 'c')).resolves.toMatchObject({ name: 'c' });
  });
});
