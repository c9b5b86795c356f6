/** The fake Bot API's flood limits: what a private chat, a group and the whole bot may send, in store time. */
import { describe, expect, it } from 'vitest';
import { createTelegramLimits } from '../../bench/telegram/limits.ts';

const PRIVATE = 42;
const GROUP = -100_42;

describe('Telegram limits', () => {
  it('lets a private chat burst 3 messages, then one a second, and says how long to wait', () => {
    const limits = createTelegramLimits();
    for (let i = 0; i < 3; i++) expect(limits.admit(PRIVATE, 0)).toEqual({ ok: true });
    expect(limits.admit(PRIVATE, 0)).toEqual({ ok: false, retryAfterS: 1 });
    expect(limits.admit(PRIVATE, 999)).toEqual({ ok: false, retryAfterS: 1 });
    expect(limits.admit(PRIVATE, 1000)).toEqual({ ok: true });
    // Sustained: one a second is always admitted.
    for (let t = 2000; t < 60_000; t += 1000) expect(limits.admit(PRIVATE, t).ok).toBe(true);
  });

  it('holds a group to 20 messages in any minute, with the wait until the oldest leaves the window', () => {
    const limits = createTelegramLimits();
    for (let i = 0; i < 20; i++) expect(limits.admit(GROUP, i * 1500).ok, `message ${i}`).toBe(true);
    // The 21st at 30 s: the first (at 0) leaves the window at 60 s.
    expect(limits.admit(GROUP, 30_000)).toEqual({ ok: false, retryAfterS: 30 });
    expect(limits.admit(GROUP, 60_000).ok).toBe(true);
  });

  it('holds all chats together to 30 a second, and a refused call spends nothing', () => {
    const limits = createTelegramLimits();
    for (let chat = 1; chat <= 30; chat++) expect(limits.admit(chat, 500).ok).toBe(true);
    expect(limits.admit(31, 500)).toEqual({ ok: false, retryAfterS: 1 });
    expect(limits.admit(31, 1500).ok).toBe(true);
  });
});
