/**
 * With several stores one subject reports for all of them: each delivery and chat read goes to the ledger of the
 * store whose engine made it, and each message the fake Bot API admitted to the ledger of the store whose chat it
 * was shown in (the seller's chat: the store without a chat of its own). The subject's resource samples and its first
 * cycle are the process's, so every ledger gets them.
 */
import type { Collector } from './collector.ts';
import type { SubjectBatch } from './protocol.ts';
import type { TelegramEvent } from './telegram/fake-bot-api.ts';

export interface StoreLedger {
  name: string;
  chatId: number | undefined;
  collector: Collector;
}

export interface StoreLedgers {
  takeBatch(batch: SubjectBatch): void;
  takeTelegram(event: TelegramEvent): void;
}

export function storeLedgers(stores: readonly StoreLedger[]): StoreLedgers {
  const [first] = stores;
  if (first === undefined) throw new Error('a run needs a store');
  const byName = new Map(stores.map((store) => [store.name, store]));
  const byChat = new Map(stores.flatMap((store) => (store.chatId === undefined ? [] : [[store.chatId, store] as const])));
  const sharedChat = stores.find((store) => store.chatId === undefined) ?? first;
  // The naive poller serves one store and names none.
  const storeOf = (name: string | undefined) => (name === undefined ? first : byName.get(name));
  return {
    takeBatch(batch) {
      for (const store of stores) {
        store.collector.takeBatch({
          ...batch,
          deliveries: batch.deliveries.filter((delivery) => storeOf(delivery.store) === store),
          reads: batch.reads.filter((read) => storeOf(read.store) === store),
        });
      }
    },
    takeTelegram(event) {
      (byChat.get(event.chatId) ?? sharedChat).collector.takeTelegram(event);
    },
  };
}
