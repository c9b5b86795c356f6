/**
 * `/autoreply`: keyword rules that answer buyers by themselves (sync/automation/keyword-answers.ts does the answering).
 * `/autoreply` lists them, numbered; `/autoreply add <template> <phrase>[; <phrase>…]` and `/autoreply del <n>` are
 * admin-only (middlewares/admin-only.ts): staff are refused and nothing changes. A rule is refused with its reason
 * when its template does not exist, or it names no phrase with a word in it.
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import { wordsOf } from '../../core/phrase-match.ts';
import { checkTemplateName } from '../../core/template.ts';
import type { RecordStep } from '../audit/recording.ts';
import type { AutoReplyStore } from '../automation/autoreply-store.ts';
import type { BotContext } from '../context.ts';
import { join, lines, TELEGRAM_TEXT_LIMIT, type Html } from '../helpers/html.ts';
import { adminOnly } from '../middlewares/admin-only.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import type { TemplateStore } from '../templates/template-store.ts';
import {
  autoreplyAdded,
  autoreplyDeleted,
  autoreplyListFooter,
  autoreplyListHeader,
  autoreplyListItem,
  autoreplyNoSuchRule,
  autoreplyNone,
  autoreplyRefused,
  autoreplyUnavailable,
  autoreplyUsage,
  type RuleRefusal,
} from '../texts/autoreply.ts';
import { templateNameRefused } from '../texts/templates.ts';
import type { Translator } from '../texts/translator.ts';

/** Bounds that keep a rule readable and the matching of every message well under a millisecond (bench/autoreply-match.ts). */
const RULE_LIMITS = { rules: 1000, phrases: 20, phraseLength: 100 } as const;

const html = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };

type Args = { verb: 'list' } | { verb: 'add'; template: string; phrases: string } | { verb: 'del'; number: string };

/** `add <template> <phrases>`, `del <n>`, or nothing: what the arguments ask for; undefined: none of these. */
function parseArgs(match: string): Args | undefined {
  const text = match.trim();
  if (text === '') return { verb: 'list' };
  const add = /^add\s+(\S+)([\s\S]*)$/i.exec(text);
  if (add) return { verb: 'add', template: add[1] as string, phrases: add[2] as string };
  const del = /^(?:del|delete)\s+(\S+)$/i.exec(text);
  return del ? { verb: 'del', number: del[1] as string } : undefined;
}

/** The phrases as the seller wrote them, trimmed, or why they cannot make a rule. */
function checkPhrases(raw: string): { ok: true; phrases: string[] } | { ok: false; refusal: RuleRefusal } {
  const phrases = raw
    .split(';')
    .map((phrase) => phrase.trim().replace(/\s+/g, ' '))
    .filter((phrase) => phrase !== '');
  if (phrases.length === 0 || phrases.some((phrase) => wordsOf(phrase).length === 0))
    return { ok: false, refusal: { reason: 'no-phrase' } };
  if (phrases.some((phrase) => phrase.length > RULE_LIMITS.phraseLength)) {
    return { ok: false, refusal: { reason: 'phrase-too-long', max: RULE_LIMITS.phraseLength } };
  }
  if (phrases.length > RULE_LIMITS.phrases) return { ok: false, refusal: { reason: 'too-many-phrases', max: RULE_LIMITS.phrases } };
  return { ok: true, phrases };
}

/** As many rules as one message holds; the header counts them all. */
function ruleList(tr: Translator, store: AutoReplyStore, templates: TemplateStore | undefined): Html {
  const rules = store.rules();
  if (rules.length === 0) return autoreplyNone(tr);
  const shown: Html[] = [];
  let length = 400;
  for (const [index, rule] of rules.entries()) {
    const item = autoreplyListItem(tr, { number: index + 1, ...rule, answers: templates?.get(rule.template) !== undefined });
    length += item.length + 1;
    if (length > TELEGRAM_TEXT_LIMIT) break;
    shown.push(item);
  }
  return join([autoreplyListHeader(tr, { count: rules.length }), lines(shown), autoreplyListFooter(tr)], '\n\n');
}

export function autoreplyFeature(deps: {
  store: AutoReplyStore | undefined;
  templates: TemplateStore | undefined;
  binding: ChatBinding;
  recordStep?: RecordStep | undefined;
  logger: Logger;
  now: () => number;
}) {
  const composer = new Composer<BotContext>();
  const record: RecordStep = deps.recordStep ?? (() => undefined);
  const stepOf = (ctx: BotContext) => (parseArgs(String(ctx.match ?? ''))?.verb === 'del' ? 'autoreply-delete' : 'autoreply-add');
  const admins = adminOnly({ binding: deps.binding, logger: deps.logger, recordStep: deps.recordStep, step: stepOf });
  const answer = (ctx: BotContext, content: Html | string) =>
    ctx.reply(typeof content === 'string' ? content : content.html, {
      ...(typeof content === 'string' ? {} : html),
      ...(ctx.message ? { reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } } : {}),
    });

  const add = async (ctx: BotContext, store: AutoReplyStore, rawTemplate: string, rawPhrases: string) => {
    const name = checkTemplateName(rawTemplate);
    if (!name.ok) return void (await answer(ctx, templateNameRefused(ctx.tr, { reason: name.reason })));
    const refuse = async (refusal: RuleRefusal, code: string) => {
      record(ctx, 'autoreply-add', 'failed', code);
      await answer(ctx, autoreplyRefused(ctx.tr, refusal));
    };
    if (deps.templates?.get(name.name) === undefined) return refuse({ reason: 'no-template', template: name.name }, 'TEMPLATE_UNKNOWN');
    const checked = checkPhrases(rawPhrases);
    if (!checked.ok) return refuse(checked.refusal, 'AUTOREPLY_BAD_PHRASES');
    if (store.rules().length >= RULE_LIMITS.rules)
      return refuse({ reason: 'too-many-rules', max: RULE_LIMITS.rules }, 'AUTOREPLY_TOO_MANY');
    const { number } = store.addRule(name.name, checked.phrases, ctx.from?.id, deps.now());
    record(ctx, 'autoreply-add', 'ok');
    deps.logger.info({ template: name.name, phrases: checked.phrases.length, number, userId: ctx.from?.id }, 'keyword rule added');
    await answer(ctx, autoreplyAdded(ctx.tr, { number, template: name.name, phrases: checked.phrases.length }));
  };

  const del = async (ctx: BotContext, store: AutoReplyStore, rawNumber: string) => {
    const number = /^\d{1,6}$/.test(rawNumber) ? Number(rawNumber) : Number.NaN;
    const deleted = store.deleteRule(number);
    record(ctx, 'autoreply-delete', deleted ? 'ok' : 'failed', deleted ? undefined : 'AUTOREPLY_UNKNOWN');
    if (deleted === undefined)
      return void (await answer(ctx, autoreplyNoSuchRule(ctx.tr, { number: rawNumber, count: store.rules().length })));
    deps.logger.info({ number, template: deleted.template, userId: ctx.from?.id }, 'keyword rule deleted');
    await answer(ctx, autoreplyDeleted(ctx.tr, { number, template: deleted.template }));
  };

  composer.command('autoreply', async (ctx) => {
    const { store } = deps;
    if (store === undefined) return void (await answer(ctx, autoreplyUnavailable(ctx.tr)));
    const args = parseArgs(ctx.match);
    if (args === undefined) return void (await answer(ctx, autoreplyUsage(ctx.tr)));
    if (args.verb === 'list') return void (await answer(ctx, ruleList(ctx.tr, store, deps.templates)));
    await admins(ctx, () => (args.verb === 'add' ? add(ctx, store, args.template, args.phrases) : del(ctx, store, args.number)));
  });

  return composer;
}
