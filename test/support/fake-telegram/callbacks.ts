/** Callback queries: a tap opens one, and the bot may answer it once, as on Telegram (a second answer is "query is too old"). */
import { badRequest } from './errors.ts';
import type { Methods } from './server.ts';
import type { CallbackAnswer } from './types.ts';

export function createCallbackQueries() {
  const answers = new Map<string, CallbackAnswer>();
  const liveQueries = new Set<string>();
  let nextQueryId = 1;

  const methods: Methods = {
    answerCallbackQuery: (params) => {
      const id = String(params.callback_query_id ?? '');
      if (!liveQueries.has(id)) throw badRequest('query is too old and response timeout expired or query ID is invalid');
      liveQueries.delete(id);
      answers.set(id, {
        text: typeof params.text === 'string' ? params.text : undefined,
        showAlert: params.show_alert === true,
      });
      return true;
    },
  };

  return {
    methods,
    /** A new query id the bot can answer. */
    open(): string {
      const id = String(nextQueryId++);
      liveQueries.add(id);
      return id;
    },
    answerOf: (queryId: string) => answers.get(queryId),
  };
}

export type CallbackQueries = ReturnType<typeof createCallbackQueries>;
