/**
 * The card's "⚡ Quick reply" button: it swaps the card's buttons for one button per template and Close; one tap
 * renders that template for the order, queues it in the outbox (the sink says sent, queued or failed under the card),
 * and puts the card's own buttons back. The menu lives in the key-value store (callback-data/quick-reply.ts), so
 * the data stays short with any name, and a double tap is one message (the menu id is the idempotency key).
 * Handled before the order buttons, which answer data they cannot read as stale.
 */
import { Composer, InlineKeyboard } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';
import type { Logger } from 'pino';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import type { OrderActionCodec } from '../callback-data/order-action.ts';
import {
  decodeQuickData,
  newMenuId,
  QUICK_MENU_PREFIX,
  quickCloseData,
  quickMenuSlot,
  quickSendData,
  type QuickMenu,
} from '../callback-data/quick-reply.ts';
import type { BotContext } from '../context.ts';
import { answerCallback } from '../helpers/answer-callback.ts';
import { isNotModified } from '../helpers/telegram-errors.ts';
import { kvSuffixes, type BotKeyValueStore } from '../storage/kv.ts';
import { prepareTemplate } from '../templates/prepare.ts';
import type { TemplateStore } from '../templates/template-store.ts';
import { CALLBACK } from '../texts/callbacks.ts';
import {
  QUICK_REPLY_BUTTONS,
  quickMenuClosed,
  quickMenuNoTemplates,
  quickMenuOpened,
  quickMenuStale,
  quickMissingFields,
  quickTemplateQueued,
  quickTemplateRefused,
} from '../texts/templates.ts';
import type { Translator } from '../texts/translator.ts';

export interface QuickReplyDeps {
  templates: TemplateStore | undefined;
  engine: () => SyncForBot;
  codec: OrderActionCodec;
  kv: BotKeyValueStore;
  logger: Logger;
  now: () => number;
}

/** Telegram shows about a hundred buttons; a long list is cut, /t reaches the rest. */
const MAX_MENU_TEMPLATES = 48;
const MENU_LIFETIME_MS = 24 * 3_600_000;

function menuKeyboard(tr: Translator, menuId: string, names: readonly string[]): InlineKeyboard {
  const keyboard = new InlineKeyboard();
  names.forEach((name, index) => {
    keyboard.text(QUICK_REPLY_BUTTONS.template(tr, { name }), quickSendData(menuId, index));
    if (index % 2 === 1) keyboard.row();
  });
  return keyboard.row().text(QUICK_REPLY_BUTTONS.close(tr), quickCloseData(menuId));
}

export function quickReplyButtons(deps: QuickReplyDeps) {
  const composer = new Composer<BotContext>();

  /** The card's buttons as they were before the menu opened; a card edited meanwhile has no menu to close. */
  const restore = async (ctx: BotContext, menu: QuickMenu) => {
    try {
      await ctx.editMessageReplyMarkup({ reply_markup: { inline_keyboard: menu.cardKeyboard as unknown as InlineKeyboardButton[][] } });
    } catch (error) {
      if (!isNotModified(error)) deps.logger.info({ orderId: menu.orderId }, 'quick reply menu not closed: the card changed');
    }
  };

  /** A menu left open is forgotten after a day (its buttons then answer as no longer valid): no upkeep needed. */
  async function forgetOldMenus(): Promise<void> {
    for (const menuId of await kvSuffixes(deps.kv, QUICK_MENU_PREFIX)) {
      const slot = quickMenuSlot(deps.kv, menuId);
      const menu = await slot.read();
      if (menu === undefined || menu.at < deps.now() - MENU_LIFETIME_MS) await slot.remove();
    }
  }

  async function open(ctx: BotContext, orderId: OrderId): Promise<void> {
    const names = (deps.templates?.list() ?? []).map((template) => template.name).slice(0, MAX_MENU_TEMPLATES);
    if (names.length === 0) return answerCallback(ctx, quickMenuNoTemplates(ctx.tr));
    await forgetOldMenus();
    const menuId = newMenuId();
    const cardKeyboard = (ctx.callbackQuery?.message?.reply_markup?.inline_keyboard ?? []) as unknown as QuickMenu['cardKeyboard'];
    await quickMenuSlot(deps.kv, menuId).write({ orderId, names, cardKeyboard, at: deps.now() });
    await answerCallback(ctx, quickMenuOpened(ctx.tr));
    await ctx.editMessageReplyMarkup({ reply_markup: menuKeyboard(ctx.tr, menuId, names) });
  }

  async function send(ctx: BotContext, menuId: string, menu: QuickMenu, index: number): Promise<void> {
    const name = menu.names[index];
    const order = deps.engine().lastSeenOrder(menu.orderId);
    const store = deps.templates;
    if (name === undefined || order === undefined || store === undefined) return answerCallback(ctx, quickMenuStale(ctx.tr));
    const prepared = prepareTemplate(store, name, order);
    if (!prepared.ok) return answerCallback(ctx, quickTemplateRefused(ctx.tr, { name, reason: prepared.reason }));
    // The menu id is the key: a second tap on this menu, or this update handled twice, is the same message.
    const ticket = deps.engine().enqueue({ kind: 'message', orderId: menu.orderId, text: prepared.text, key: `quick:${menuId}` });
    deps.logger.info(
      { orderId: menu.orderId, template: name, actionId: ticket.actionId, deduplicated: ticket.deduplicated },
      'quick reply queued',
    );
    await answerCallback(ctx, quickTemplateQueued(ctx.tr, { name }));
    await quickMenuSlot(deps.kv, menuId).remove();
    await restore(ctx, menu);
    if (prepared.missingFields.length > 0 && !ticket.deduplicated) {
      const note = quickMissingFields(ctx.tr, { orderId: menu.orderId, name, labels: prepared.missingFields });
      const messageId = ctx.callbackQuery?.message?.message_id;
      const said = await ctx.reply(note.html, {
        parse_mode: 'HTML',
        ...(messageId === undefined ? {} : { reply_parameters: { message_id: messageId, allow_sending_without_reply: true } }),
      });
      deps.engine().linkTelegramMessage(menu.orderId, { chatId: said.chat.id, messageId: said.message_id }, 'other');
    }
  }

  composer.on('callback_query:data', async (ctx, next) => {
    const data = ctx.callbackQuery.data;
    const quick = decodeQuickData(data);
    if (quick === undefined) {
      const action = await deps.codec.decode(data);
      if (action?.verb !== 'quickReply') return next();
      if (!deps.engine().findOrder(action.orderId)) return answerCallback(ctx, CALLBACK.unknownOrder(ctx.tr));
      return open(ctx, action.orderId);
    }
    const menu = await quickMenuSlot(deps.kv, quick.menuId).read();
    if (menu === undefined) return answerCallback(ctx, quickMenuStale(ctx.tr));
    if (quick.kind === 'send') return send(ctx, quick.menuId, menu, quick.index);
    await answerCallback(ctx, quickMenuClosed(ctx.tr));
    await quickMenuSlot(deps.kv, quick.menuId).remove();
    await restore(ctx, menu);
  });

  return composer;
}
