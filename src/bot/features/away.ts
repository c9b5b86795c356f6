/**
 * `/away`: whether the seller is away now (outside `WORKING_HOURS`, or after `/away on`) and when that changes by
 * itself; `/away on|off` (admins) switches it, until `/away` again or, with working hours, their next change
 * (core/away.ts). While away, the `away` template answers buyers (sync/automation/away.ts).
 */
import { Composer } from 'grammy';
import type { Logger } from 'pino';
import { awayState, switchAway } from '../../core/away.ts';
import { AUTO_TEMPLATES } from '../../core/template.ts';
import type { RecordStep } from '../audit/recording.ts';
import type { AutoReplySettings } from '../automation/autoreply-store.ts';
import type { BotContext } from '../context.ts';
import { lines } from '../helpers/html.ts';
import { adminOnly } from '../middlewares/admin-only.ts';
import type { ChatBinding } from '../storage/chat-binding.ts';
import type { TemplateStore } from '../templates/template-store.ts';
import { autoreplyUnavailable, awayStatus, awayTemplateNote, awayUsage } from '../texts/autoreply.ts';

const html = { parse_mode: 'HTML' as const, link_preview_options: { is_disabled: true } };

export function awayFeature(deps: {
  autoreply: AutoReplySettings | undefined;
  templates: TemplateStore | undefined;
  binding: ChatBinding;
  recordStep?: RecordStep | undefined;
  logger: Logger;
  now: () => number;
}) {
  const composer = new Composer<BotContext>();
  const record: RecordStep = deps.recordStep ?? (() => undefined);
  const admins = adminOnly({ binding: deps.binding, logger: deps.logger, recordStep: deps.recordStep, step: () => 'away-set' });

  const show = async (ctx: BotContext, settings: AutoReplySettings) => {
    const state = awayState(settings.away, settings.store.awaySwitch(), deps.now());
    const status = awayStatus(ctx.tr, { ...state, hours: settings.away.hours !== undefined });
    const note = awayTemplateNote(ctx.tr, { exists: deps.templates?.get(AUTO_TEMPLATES.away) !== undefined });
    await ctx.reply(lines([status, note]).html, {
      ...html,
      ...(ctx.message ? { reply_parameters: { message_id: ctx.message.message_id, allow_sending_without_reply: true } } : {}),
    });
  };

  composer.command('away', async (ctx) => {
    const settings = deps.autoreply;
    if (settings === undefined) return void (await ctx.reply(autoreplyUnavailable(ctx.tr)));
    const arg = ctx.match.trim().toLowerCase();
    if (arg === '') return show(ctx, settings);
    if (arg !== 'on' && arg !== 'off') return void (await ctx.reply(awayUsage(ctx.tr)));
    await admins(ctx, async () => {
      settings.store.setAway(switchAway(settings.away, arg === 'on', deps.now()));
      record(ctx, 'away-set', 'ok');
      deps.logger.info({ away: arg === 'on', userId: ctx.from?.id }, 'away switched');
      await show(ctx, settings);
    });
  });

  return composer;
}
