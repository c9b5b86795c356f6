/**
 * In topics mode an admin's plain text in an order's topic goes to that order's buyer, no Telegram reply needed: the
 * same checks and outbox as a reply (features/buyer-replies.ts), acknowledged on the admin's message by the sink.
 * Replies to a message and commands go on to the rest of the bot, as anywhere else. While a Deliver step of the order
 * waits, a plain text is not relayed: it may be the issued value.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import type { SyncForBot } from '../../sync/contract.ts';
import type { BotContext } from '../context.ts';
import { isCommand } from '../helpers/is-command.ts';
import { sendSellerText } from '../helpers/send-seller-text.ts';
import type { DeliverSteps } from '../storage/deliver-steps.ts';
import { topicTextDuringDeliver } from '../texts/topics.ts';
import type { OrderTopics } from '../topics/order-topics.ts';

export interface TopicRepliesDeps {
  engine: () => SyncForBot;
  topics: OrderTopics;
  steps: DeliverSteps;
  logger: Logger;
  now: () => number;
}

export function topicRepliesFeature(deps: TopicRepliesDeps) {
  const composer = new Composer<BotContext>();

  composer.on('message', async (ctx, next) => {
    const message = ctx.message;
    const threadId = message.message_thread_id;
    if (!message.is_topic_message || threadId === undefined || isCommand(message)) return next();
    // In a topic, a message that answers nothing still names the topic's first (service) message as its reply.
    const repliedTo = message.reply_to_message;
    if (repliedTo !== undefined && repliedTo.message_id !== threadId) return next();
    const orderId = await deps.topics.orderOfThread(ctx.chat.id, threadId);
    if (orderId === undefined) return next();
    const replyOptions = { reply_parameters: { message_id: message.message_id, allow_sending_without_reply: true } };
    if (await deps.steps.waitingFor(orderId, deps.now())) {
      await ctx.reply(topicTextDuringDeliver(ctx.tr), replyOptions);
      return;
    }
    await sendSellerText(ctx, message, orderId, deps, 'seller text in the order topic queued');
  });

  return composer;
}
