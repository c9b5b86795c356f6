/**
 * Template commands: `/template <name> <text>` saves or replaces (admins only), `/template <name>` shows one,
 * `/untemplate <name>` deletes (admins only), `/templates` lists them, and `/t <name>` as a reply to an order's card
 * or any bridge message of an order sends the rendered template to the buyer through the outbox, acknowledged like a
 * typed reply (the sink reacts on the /t message, or says sent, queued or failed). Everything is checked before
 * anything is queued: a bad name, an unknown placeholder, a text too long for the store are refused with the reason.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import { AUTO_TEMPLATES, checkTemplateName, checkTemplateText } from '../../core/template.ts';
import type { SyncForBot } from '../../sync/contract.ts';
import type { RecordStep } from '../audit/recording.ts';
import type { AutoReplyStore } from '../automation/autoreply-store.ts';
import { templateStopsAway, templateStopsRules } from '../texts/autoreply.ts';
import type { BotContext } from '../context.ts';
import { join, lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import { adminOnly } from '../middlewares/admin-only.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import { prepareTemplate } from '../templates/prepare.ts';
import type { TemplateStore } from '../templates/template-store.ts';
import type { OrderTopics } from '../topics/order-topics.ts';
import {
  missingFieldsNote,
  noTemplates,
  renderedEmpty,
  renderedTooLong,
  templateDeleted,
  templateListItem,
  templateNameRefused,
  templateSaved,
  templatesFooter,
  templatesHeader,
  templateShown,
  templatesUnavailable,
  templateTextRefused,
  templateUnknown,
  templateUsage,
  untemplateUsage,
  useTemplateUsage,
} from '../texts/templates.ts';
import type { Translator } from '../texts/translator.ts';

export interface TemplatesFeatureDeps {
  /** Without it (a setup without the database) every template command says it is unavailable. */
  templates: TemplateStore | undefined;
  engine: () => SyncForBot;
  binding: ChatBinding;
  /** In a forum group, `/t` in an order's topic needs no reply: the topic names the order. */
  topics?: Pick<OrderTopics, 'orderOfThread'>;
  /** Keyword rules: /untemplate says which of them stop answering. */
  autoreply?: Pick<AutoReplyStore, 'rulesUsing'> | undefined;
  /** Records saves and deletes (and staff's refused attempts) in the audit trail; absent: nothing is recorded. */
  recordStep?: RecordStep | undefined;
  logger: Logger;
  now: () => number;
}

/** Why a text was refused, as an audit code (the text itself is never recorded). */
const TEXT_REFUSED_CODES = {
  empty: 'TEMPLATE_EMPTY',
  'too-long': 'TEMPLATE_TOO_LONG',
  'unknown-placeholder': 'TEMPLATE_UNKNOWN_PLACEHOLDER',
} as const;

const html = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };

/** `<name>` then, after the first space or line break, the text (several lines allowed). */
function splitArgs(match: string): { name: string; body: string } {
  const trimmed = match.replace(/^\s+/, '');
  const at = trimmed.search(/\s/);
  return at < 0 ? { name: trimmed, body: '' } : { name: trimmed.slice(0, at), body: trimmed.slice(at + 1) };
}

/** As many list items as one message holds; the header counts them all. */
function templateList(tr: Translator, items: readonly Html[]): Html {
  const shown: Html[] = [];
  let length = 200;
  for (const item of items) {
    length += item.length + 1;
    if (length > TELEGRAM_TEXT_LIMIT) break;
    shown.push(item);
  }
  return join([templatesHeader(tr, { count: items.length }), lines(shown), templatesFooter(tr)], '\n\n');
}

export function templatesFeature(deps: TemplatesFeatureDeps) {
  const composer = new Composer<BotContext>();
  const record: RecordStep = deps.recordStep ?? (() => undefined);
  const guard = (step: string) => adminOnly({ binding: deps.binding, logger: deps.logger, recordStep: deps.recordStep, step: () => step });
  const saving = guard('template-save');
  // What stops answering buyers with it: the keyword rules that use it, and away answers.
  const deletedWithEffects = (tr: Translator, name: string): Html => {
    const numbers = deps.autoreply?.rulesUsing(name) ?? [];
    return lines([
      templateDeleted(tr, { name }),
      ...(numbers.length > 0 ? [templateStopsRules(tr, { numbers })] : []),
      ...(deps.autoreply && name === AUTO_TEMPLATES.away ? [templateStopsAway(tr)] : []),
    ]);
  };
  const deleting = guard('template-delete');

  const answer = (ctx: BotContext, content: Html | string) =>
    ctx.reply(typeof content === 'string' ? content : content.html, {
      ...(typeof content === 'string' ? {} : html),
      ...(ctx.message ? { reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } } : {}),
    });

  composer.command('template', async (ctx) => {
    const store = deps.templates;
    if (store === undefined) return void (await answer(ctx, templatesUnavailable(ctx.tr)));
    const { name: rawName, body } = splitArgs(ctx.match);
    if (rawName === '') return void (await answer(ctx, templateUsage(ctx.tr)));
    const name = checkTemplateName(rawName);
    if (!name.ok) return void (await answer(ctx, templateNameRefused(ctx.tr, { reason: name.reason })));
    if (body.trim() === '') {
      const template = store.get(name.name);
      await answer(
        ctx,
        template === undefined
          ? templateUnknown(ctx.tr, { name: name.name })
          : templateShown(ctx.tr, { name: name.name, body: template.text }),
      );
      return;
    }
    await saving(ctx, async () => {
      const checked = checkTemplateText(body);
      if (!checked.ok) {
        record(ctx, 'template-save', 'failed', TEXT_REFUSED_CODES[checked.reason]);
        return void (await answer(ctx, templateTextRefused(ctx.tr, checked)));
      }
      const replaced = store.save(name.name, checked.text, deps.now());
      record(ctx, 'template-save', 'ok');
      deps.logger.info({ template: name.name, replaced, userId: ctx.from?.id }, 'template saved');
      await answer(ctx, templateSaved(ctx.tr, { name: name.name, replaced }));
    });
  });

  composer.command('untemplate', async (ctx) => {
    const store = deps.templates;
    if (store === undefined) return void (await answer(ctx, templatesUnavailable(ctx.tr)));
    await deleting(ctx, async () => {
      const { name: rawName } = splitArgs(ctx.match);
      if (rawName === '') return void (await answer(ctx, untemplateUsage(ctx.tr)));
      const name = checkTemplateName(rawName);
      if (!name.ok) return void (await answer(ctx, templateNameRefused(ctx.tr, { reason: name.reason })));
      const deleted = store.delete(name.name);
      record(ctx, 'template-delete', deleted ? 'ok' : 'failed', deleted ? undefined : 'TEMPLATE_UNKNOWN');
      if (deleted) deps.logger.info({ template: name.name, userId: ctx.from?.id }, 'template deleted');
      await answer(ctx, deleted ? deletedWithEffects(ctx.tr, name.name) : templateUnknown(ctx.tr, { name: name.name }));
    });
  });

  composer.command('templates', async (ctx) => {
    const store = deps.templates;
    if (store === undefined) return void (await answer(ctx, templatesUnavailable(ctx.tr)));
    const all = store.list();
    await answer(
      ctx,
      all.length === 0
        ? noTemplates(ctx.tr)
        : templateList(
            ctx.tr,
            all.map((t) => templateListItem(ctx.tr, { name: t.name, body: t.text })),
          ),
    );
  });

  composer.command('t', async (ctx) => {
    const store = deps.templates;
    const message = ctx.message;
    if (store === undefined || message === undefined) return void (await answer(ctx, templatesUnavailable(ctx.tr)));
    const repliedTo = message.reply_to_message;
    const thread = message.is_topic_message ? message.message_thread_id : undefined;
    const orderId =
      (repliedTo && deps.engine().orderForTelegramMessage({ chatId: ctx.chat.id, messageId: repliedTo.message_id })) ||
      (thread === undefined ? undefined : await deps.topics?.orderOfThread(ctx.chat.id, thread));
    if (!orderId) return void (await answer(ctx, useTemplateUsage(ctx.tr)));
    const { name: rawName } = splitArgs(ctx.match);
    const name = checkTemplateName(rawName);
    if (!name.ok) return void (await answer(ctx, rawName === '' ? useTemplateUsage(ctx.tr) : templateUnknown(ctx.tr, { name: rawName })));
    const order = deps.engine().lastSeenOrder(orderId);
    const prepared = order === undefined ? ({ ok: false, reason: 'gone' } as const) : prepareTemplate(store, name.name, order);
    // What is said under the /t message is linked to the order: a reply to it still reaches the buyer.
    const say = async (content: Html) => {
      const said = await answer(ctx, content);
      deps.engine().linkTelegramMessage(orderId, { chatId: said.chat.id, messageId: said.message_id }, 'other');
    };
    if (!prepared.ok) {
      if (prepared.reason === 'gone') return say(templateUnknown(ctx.tr, { name: name.name }));
      if (prepared.reason === 'empty') return say(renderedEmpty(ctx.tr, { name: name.name }));
      return say(renderedTooLong(ctx.tr, { name: name.name, length: prepared.length, limit: prepared.limit }));
    }
    if (prepared.missingFields.length > 0) await say(missingFieldsNote(ctx.tr, { labels: prepared.missingFields }));
    const origin = { chatId: message.chat.id, messageId: message.message_id };
    const ticket = deps.engine().enqueue({ kind: 'message', orderId, text: prepared.text, origin });
    deps.logger.info(
      { orderId, template: name.name, actionId: ticket.actionId, deduplicated: ticket.deduplicated },
      'template reply queued',
    );
  });

  return composer;
}
