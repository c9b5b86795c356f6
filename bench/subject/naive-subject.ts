/** The naive baseline as a subject: same client, same recording sink (before a simple bot, naive-bot.ts), no database. */
import { ORDERS_PAGE_SIZE } from '../profiles.ts';
import { createNaiveBot } from './naive-bot.ts';
import { createNaivePoller } from './naive-poller.ts';
import { observedApi } from './observed-api.ts';
import { createRecordingSink } from './recording-sink.ts';
import { scaledPollIntervalMs } from './scaled-settings.ts';
import { connectToStore, type Subject, type SubjectDeps } from './subject.ts';

export function createNaiveSubject({ init, logger, onDelivery, onRead }: SubjectDeps): Subject {
  const [first] = init.stores;
  if (first === undefined) throw new Error('the naive poller needs a store');
  const store = connectToStore(init, first, logger);
  const poller = createNaivePoller({
    api: observedApi(store.api, onRead),
    sink: createRecordingSink(onDelivery, init.telegram && createNaiveBot(init.telegram)),
    intervalMs: scaledPollIntervalMs(store.scale),
    pageSize: ORDERS_PAGE_SIZE,
    logger,
  });
  return {
    start: () => poller.start(),
    firstCycle: () => poller.firstRound(),
    async stop() {
      await poller.stop();
      await store.close();
    },
    watched: () => undefined,
    telegramQueued: async () => undefined,
    dbBytes: () => 0,
    dbDiskBytes: () => 0,
    dbRows: () => undefined,
    requestsSent: () => store.api.requestCount(),
  };
}
