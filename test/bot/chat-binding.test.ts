/** Where orders go after a group became a supergroup: the recorded move and the rule that picks the chat on start. */
import { describe, expect, it } from 'vitest';
import { createChatBinding } from '../../src/bot/storage/chat-binding.ts';
import type { BotKeyValueStore } from '../../src/bot/storage/kv.ts';

function memoryKv(): BotKeyValueStore {
  const values = new Map<string, unknown>();
  return {
    get: (key) => values.get(key),
    set: (key, value) => values.set(key, value),
    delete: (key) => values.delete(key),
    keys: (prefix) => [...values.keys()].filter((key) => key.startsWith(prefix)),
  };
}

describe('chat binding: a group that became a supergroup', () => {
  it('moves only from the chat in use, once, and follows a later move from the new id', async () => {
    const kv = memoryKv();
    const binding = createChatBinding({ chatId: -41, adminIds: [1], kv });
    expect(await binding.migrate(-99, -1001, 1)).toBe(false);
    expect(await binding.migrate(-41, -1001, 1)).toBe(true);
    expect(await binding.migrate(-41, -1001, 2)).toBe(false);
    expect(await binding.chatId()).toBe(-1001);
    expect(await binding.migrate(-1001, -1002, 3)).toBe(true);
    expect(await binding.move()).toEqual({ from: -41, to: -1002, at: 3 });
  });

  it('on start, the move applies while TELEGRAM_CHAT_ID names the old group; any other configured id wins', async () => {
    const kv = memoryKv();
    await createChatBinding({ chatId: -41, adminIds: [1], kv }).migrate(-41, -1001, 1);
    expect(await createChatBinding({ chatId: -41, adminIds: [1], kv }).chatId()).toBe(-1001);
    expect(await createChatBinding({ chatId: -1001, adminIds: [1], kv }).chatId()).toBe(-1001);
    const elsewhere = createChatBinding({ chatId: -1005, adminIds: [1], kv });
    expect(await elsewhere.chatId()).toBe(-1005);
    expect(await elsewhere.move()).toBeUndefined();
  });
});
