/**
 * What became of a seller's action (`actionSettled`): the card edited to the new status, the "⏳ Delivering…" line
 * of a Deliver or Cancel closed (progress-lines.ts), a failure or a wait said in words under the card where no line
 * says it (or it failed long after the tap), a reaction on the seller's reply. Not queued with the rest: the seller who tapped or replied is
 * waiting for this answer, and it is paced with everything else per chat (transport/telegram-pacer.ts). A failure is
 * thrown token-free, so the outbox reports it again.
 */
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import type { ActionOutcome } from '../../core/actions.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import type { OrderCards } from '../cards/order-cards.ts';
import { describeError, toBridgeError } from '../errors.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { actionFailed, actionQueued, replyFailed, replyQueued, replySent } from '../texts/actions.ts';
import type { Translator } from '../texts/translator.ts';
import type { OrderTopics } from '../topics/order-topics.ts';
import type { ProgressLines } from './progress-lines.ts';
import { REACTIONS, setReaction } from './reactions.ts';
import type { SinkDelivery } from './sink-delivery.ts';
import { storeOfId } from '../../core/store-ref.ts';

export interface ActionOutcomesDeps {
  api: Api;
  binding: ChatBinding;
  cards: OrderCards;
  delivery: SinkDelivery;
  engine: () => SyncForBot;
  progress: ProgressLines;
  topics: OrderTopics;
  /** The chat's language. */
  tr: Translator;
  logger: Logger;
  secrets: readonly string[];
}

export function createActionOutcomes(deps: ActionOutcomesDeps): (outcome: ActionOutcome) => Promise<void> {
  const { api, binding, cards, delivery, tr, logger } = deps;
  const linkOther = (orderId: OrderId, ref: { chatId: number; messageId: number }) =>
    deps.engine().linkTelegramMessage(orderId, ref, 'other');

  const settleOrderAction = async (outcome: ActionOutcome) => {
    const { action } = outcome;
    const order = (outcome.ok === 'queued' ? undefined : outcome.order) ?? deps.engine().lastSeenOrder(action.orderId);
    if (order) await delivery.refreshCard(order);
    const line = await deps.progress.settle(outcome);
    // Success shows on the card itself; a failure or a wait is said in words under it, unless the line just said it.
    if (outcome.ok === true || line === 'said' || (line === 'said-late' && outcome.ok === 'queued')) return;
    const chatId = await binding.requireChatOf(storeOfId(action.orderId));
    const params = { orderId: action.orderId, kind: action.kind, code: outcome.code };
    const notice = outcome.ok === false ? actionFailed(tr, params) : actionQueued(tr, params);
    linkOther(action.orderId, await delivery.send(chatId, notice, await cards.latest(action.orderId, chatId)));
  };

  const settleMessage = async (outcome: ActionOutcome) => {
    const { action } = outcome;
    if (action.kind !== 'message') return;
    const origin = action.origin;
    if (outcome.ok === true && origin) {
      if (await setReaction(api, origin, REACTIONS.sent, logger, deps.secrets)) return;
    } else if (origin) {
      await setReaction(api, origin, REACTIONS.none, logger, deps.secrets);
    }
    const chatId = origin?.chatId ?? (await binding.requireChatOf(storeOfId(action.orderId)));
    const notice =
      outcome.ok === true
        ? replySent(tr, { orderId: action.orderId })
        : outcome.ok === false
          ? replyFailed(tr, { orderId: action.orderId, code: outcome.code })
          : replyQueued(tr, { orderId: action.orderId, code: outcome.code });
    linkOther(action.orderId, await delivery.send(chatId, notice, origin ?? (await cards.latest(action.orderId, chatId))));
  };

  return async (outcome) => {
    try {
      await (outcome.action.kind === 'message' ? settleMessage(outcome) : settleOrderAction(outcome));
    } catch (error) {
      const safe = toBridgeError(error, deps.secrets);
      logger[safe.code === 'NO_CHAT_BOUND' ? 'debug' : 'warn'](
        { event: 'actionSettled', code: safe.code, err: describeError(error, deps.secrets) },
        'telegram sink failed; sync will offer the event again',
      );
      // The group may have turned topics on or off meanwhile.
      deps.topics.recheck();
      throw safe;
    }
  };
}
