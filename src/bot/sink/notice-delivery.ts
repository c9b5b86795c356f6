/**
 * One queued notice into the chat: replying where it can, with its Take buttons made at send time, and saying since
 * when it waited if it is an alert Telegram refused before. A notice Telegram refuses for what it is (a 400 about the
 * message, never about the chat) would be refused forever: it is dropped and logged rather than retried for ever.
 */
import { GrammyError, type Api } from 'grammy';
import type { Logger } from 'pino';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import { describeError } from '../errors.ts';
import { lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import { isChatMoved, isChatUnavailable } from '../helpers/telegram-errors.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { ALERTS } from '../texts/alerts.ts';
import { BUTTONS } from '../texts/buttons.ts';
import { takeOrderButton } from '../texts/reminders.ts';
import { type ChartPhoto, chartPhotoMessage } from '../stats/sales-chart.ts';
import type { Translator } from '../texts/translator.ts';
import { noticeStore, type Notice } from './notices.ts';

/** Take buttons under one notice: it stays readable and fits. */
const MAX_TAKE_BUTTONS = 20;

/** Telegram refused this message, not the chat: it would refuse it again forever. */
const neverTaken = (error: unknown) =>
  error instanceof GrammyError && error.error_code === 400 && !isChatUnavailable(error) && !isChatMoved(error);

export interface NoticeDeliveryDeps {
  api: Api;
  /** Draws a chart notice in the chat's language; undefined when there is nothing to draw (no chart: nothing sent). */
  chartPhoto?: ((tr: Translator, at: number, days: number) => Promise<ChartPhoto | undefined>) | undefined;
  binding: ChatBinding;
  codec: OrderActionCodec;
  /** The Telegram message a relayed chat message went out in (a notice's `answers`), when known. */
  relayedRef?: ((orderId: OrderId, messageId: string) => TelegramRef | undefined) | undefined;
  /** The chat's language. */
  tr: Translator;
  logger: Logger;
  secrets: readonly string[];
}

/** What the drainer knows of the queued notice besides its contents. */
export interface QueuedNotice {
  notice: Notice;
  raisedAt: number;
  /** Telegram refused it before (the chat was unavailable, or it failed on its own). */
  refusedBefore: boolean;
}

/** Sends the notice; resolves to the message sent, or undefined when it was dropped. */
export type DeliverNotice = (queued: QueuedNotice) => Promise<TelegramRef | undefined>;

export function createNoticeDelivery(deps: NoticeDeliveryDeps): DeliverNotice {
  const { api, tr } = deps;

  const contents = ({ notice, raisedAt, refusedBefore }: QueuedNotice): Html => {
    // Waiting behind buyer messages in a busy group is not news; waiting because Telegram refused the chat is.
    if (notice.alert !== true || !refusedBefore) return notice.html;
    const withSince = lines([ALERTS.heldSince(tr, { since: raisedAt }), notice.html]);
    return withSince.length <= TELEGRAM_TEXT_LIMIT ? withSince : notice.html;
  };

  const keyboard = async (notice: Notice) => {
    const rows = [];
    for (const orderId of notice.take?.orderIds.slice(0, MAX_TAKE_BUTTONS) ?? []) {
      const label = notice.take?.named ? takeOrderButton(tr, { orderId }) : BUTTONS.take(tr);
      rows.push([{ text: label, callback_data: await deps.codec.encode('take', orderId) }]);
    }
    return rows;
  };

  const sendChart = async (chatId: number, chart: { at: number; days: number }): Promise<TelegramRef | undefined> => {
    const photo = await deps.chartPhoto?.(tr, chart.at, chart.days);
    if (photo === undefined) return undefined;
    const sent = await api.sendPhoto(chatId, ...chartPhotoMessage(photo));
    return { chatId, messageId: sent.message_id };
  };

  return async (queued) => {
    const { notice } = queued;
    const chatId = await deps.binding.requireChatOf(noticeStore(notice));
    if (notice.chart !== undefined) return sendChart(chatId, notice.chart);
    const html = contents(queued);
    const rows = await keyboard(notice);
    const send = (reply: TelegramRef | undefined) =>
      api.sendMessage(chatId, html.html, {
        parse_mode: 'HTML',
        link_preview_options: { is_disabled: true },
        ...(rows.length > 0 ? { reply_markup: { inline_keyboard: rows } } : {}),
        ...(reply === undefined ? {} : { reply_parameters: { message_id: reply.messageId, allow_sending_without_reply: true } }),
      });
    const target = (notice.answers && notice.orderId && deps.relayedRef?.(notice.orderId, notice.answers)) || notice.replyTo;
    const replying = target?.chatId === chatId ? target : undefined;
    try {
      // The message replied to may sit where a reply cannot go (a closed or deleted topic): then without the reply.
      const sent = await send(replying).catch((error: unknown) => {
        if (replying === undefined || !(error instanceof GrammyError) || error.error_code !== 400) throw error;
        return send(undefined);
      });
      return { chatId, messageId: sent.message_id };
    } catch (error) {
      if (!neverTaken(error)) throw error;
      deps.logger.error({ err: describeError(error, deps.secrets) }, 'notice dropped: Telegram refuses this message itself');
      return undefined;
    }
  };
}
