/** The role model through the chat binding: admin, staff, both (admin), neither; the trial-bound user is an admin. */
import { expect, it } from 'vitest';
import { createChatBinding } from '../../src/bot/storage/chat-binding.ts';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { useMemoryDb } from '../support/memory-db.ts';

const mem = useMemoryDb();
const kv = () => createKeyValueStore(mem.db);

it('admins, staff, someone in both lists (an admin) and strangers', async () => {
  const binding = createChatBinding({ chatId: -100123, adminIds: [1, 3], staffIds: [2, 3], kv: kv() });
  expect(await binding.roleOf(1)).toBe('admin');
  expect(await binding.roleOf(2)).toBe('staff');
  expect(await binding.roleOf(3)).toBe('admin');
  expect(await binding.roleOf(4)).toBeUndefined();
  expect(await binding.roleOf(undefined)).toBeUndefined();
  expect(await binding.isAdmin(2)).toBe(false);
});

it('in trial mode the user who bound the chat is an admin, even if also listed as staff', async () => {
  const binding = createChatBinding({ chatId: undefined, adminIds: [], staffIds: [9], kv: kv() });
  expect(await binding.roleOf(9)).toBe('staff');
  await binding.bindTrial(9, 9, Date.now());
  expect(await binding.roleOf(9)).toBe('admin');
});
