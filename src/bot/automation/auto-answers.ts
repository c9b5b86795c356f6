/**
 * Every automatic answer to a buyer (a keyword rule's, the away answer) is shown in the chat under the buyer's
 * relayed message: "🤖 Answered with faq-delivery". The outbox reports the answer's outcome like any message action
 * (its `by` says it is an automatic answer); this wrapper of the bot's sink turns that report into a notice of the
 * Telegram queue, keyed by the order and action, so it is said once however often the outcome is reported. A transient failure
 * says nothing: the answer is retried, and its end is said. Nobody waits for it, so it queues like every notice.
 */
import type { Logger } from 'pino';
import { isAutomaticAnswer, type ActionOutcome, type AutomaticAnswerSource } from '../../core/actions.ts';
import type { SyncForBot, SyncSink } from '../../sync/contract.ts';
import type { QueueNotice } from '../sink/notices.ts';
import { autoAnswerFailed, autoAnswered } from '../texts/autoreply.ts';
import type { Translator } from '../texts/translator.ts';
import type { AutoReplySettings } from './autoreply-store.ts';

export function announceAutoAnswers(
  sink: SyncSink,
  deps: {
    notice: QueueNotice;
    settings: Pick<AutoReplySettings, 'relayedRef'> | undefined;
    engine: () => SyncForBot;
    /** The chat's language. */
    tr: Translator;
    logger: Logger;
  },
): SyncSink {
  const announce = async (outcome: ActionOutcome, by: AutomaticAnswerSource) => {
    const { action } = outcome;
    if (action.kind !== 'message' || outcome.ok === 'queued') return;
    const template = action.template ?? by;
    const html = outcome.ok ? autoAnswered(deps.tr, { template, by }) : autoAnswerFailed(deps.tr, { template, code: outcome.code });
    // Where the buyer's message went out, when known now; else the card. The queue looks again when it sends.
    const relayed = action.answers === undefined ? undefined : deps.settings?.relayedRef(action.orderId, action.answers);
    const replyTo = relayed ?? deps.engine().findOrder(action.orderId)?.telegram[0];
    // Action ids are each store's own outbox's: the (qualified) order id keeps two stores' keys apart.
    const key = `auto-answer:${action.orderId}:${outcome.actionId}`;
    await deps.notice({ html, orderId: action.orderId, replyTo, answers: action.answers, key });
    deps.logger.info({ orderId: action.orderId, template, by, ok: outcome.ok }, 'automatic answer announced');
  };
  return {
    ...sink,
    async actionSettled(outcome) {
      const { action } = outcome;
      const by = action.kind === 'message' ? action.by : undefined;
      if (!isAutomaticAnswer(by)) return sink.actionSettled(outcome);
      await announce(outcome, by);
    },
  };
}
