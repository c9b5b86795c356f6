/**
 * The chat burst: 100 buyer messages across 20 open orders whose buyers are in conversation, 5 each,
 * written within a few store seconds — many chats the store side finds within an interval or two, then a Telegram
 * side that must relay them all. The orders are picked a few store minutes before among those whose buyer wrote
 * within the hot window; when fewer are, others get one message then (a primer), so every chat is in conversation
 * when the burst comes. The same seed picks the same orders and times whichever subject runs.
 */
import { deriveRandom } from '../src/sandbox/random.ts';
import { MINUTE, SECOND, type TimeScale } from './time-scale.ts';

export const CHAT_BURST = {
  orders: 20,
  perOrder: 5,
  /** The burst's messages are written within this (store time). */
  spreadMs: 5 * SECOND,
  /** Orders are picked (and primed) this long before the burst. */
  leadMs: 5 * MINUTE,
} as const;

/** What the workload offers the burst. */
export interface BurstBuyers {
  /** Open orders whose buyer is in conversation now, in a stable order. */
  inConversation(): string[];
  /** The other open orders, in a stable order. */
  others(): string[];
  isOpen(orderId: string): boolean;
  /** A buyer message now (the workload numbers and tags it); without `kind`, classified as the workload does. */
  post(orderId: string, text: string, kind?: 'chat-burst'): void;
}

export interface ChatBurst {
  /** Picks the orders, and primes those not in conversation. */
  prime(): void;
  /** Writes the burst over the next few store seconds. */
  fire(): void;
  stop(): void;
}

export function createChatBurst(buyers: BurstBuyers, seed: number, scale: TimeScale): ChatBurst {
  const random = deriveRandom(seed, 'chat-burst');
  const timers = new Set<NodeJS.Timeout>();
  let picked: string[] = [];

  const shuffled = (items: readonly string[]) => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as string, copy[i] as string];
    }
    return copy;
  };

  return {
    prime() {
      const talking = shuffled(buyers.inConversation()).slice(0, CHAT_BURST.orders);
      const primed = shuffled(buyers.others()).slice(0, CHAT_BURST.orders - talking.length);
      for (const orderId of primed) buyers.post(orderId, 'a first question before the burst');
      picked = [...talking, ...primed];
    },
    fire() {
      // An order closed since it was picked is replaced by another in conversation.
      const open = picked.filter((orderId) => buyers.isOpen(orderId));
      const spare = shuffled(buyers.inConversation().filter((orderId) => !open.includes(orderId)));
      const orders = [...open, ...spare].slice(0, CHAT_BURST.orders);
      const writes = orders.flatMap((orderId) =>
        Array.from({ length: CHAT_BURST.perOrder }, () => ({ orderId, atMs: random() * CHAT_BURST.spreadMs })),
      );
      for (const { orderId, atMs } of writes) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          buyers.post(orderId, 'burst: are you there?', 'chat-burst');
        }, scale.toReal(atMs));
        timers.add(timer);
      }
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
