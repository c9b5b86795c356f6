/**
 * Records every step into the audit trail without each feature having to: the person behind an update is kept in an
 * AsyncLocalStorage for the update's handling (`actorScope`), and the engine the features get (`auditedEngine`)
 * records each new action it queues with that person. The sink sync reports to (`auditedSink`) settles the entries
 * when the outbox reports, records actions nobody in Telegram asked for (auto-delivery, autocancel) as the bot's,
 * and logs chat messages by author for /stats. So a feature added later (templates) is audited as soon as it
 * queues through the engine it is given.
 *
 * Recording never breaks the step it records: a failed write is logged and the step goes on.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareFn } from 'grammy';
import type { User } from 'grammy/types';
import type { Logger } from 'pino';
import { isAutomaticAnswer } from '../../core/actions.ts';
import type { AuditAction, AuditActor, AuditResult, AuditStore } from '../../core/audit.ts';
import type { SyncForBot, SyncSink } from '../../sync/contract.ts';
import type { BotContext } from '../context.ts';

type Person = Extract<AuditActor, { kind: 'person' }>;

const actors = new AsyncLocalStorage<Person>();

/** The name people see: first and last name, else the username, else the id. */
function displayName(user: Pick<User, 'id' | 'first_name' | 'last_name' | 'username'>): string {
  const name = [user.first_name, user.last_name].filter((part) => part !== undefined && part.trim() !== '').join(' ');
  return name || (user.username ? `@${user.username}` : String(user.id));
}

const personOf = (user: User): Person => ({ kind: 'person', userId: user.id, name: displayName(user) });

/** Runs the rest of the update's handling with its sender as the actor of whatever it queues. */
export const actorScope: MiddlewareFn<BotContext> = (ctx, next) => {
  const user = ctx.from;
  if (!user) return next();
  return actors.run(personOf(user), next);
};

/** Who is acting now: the update's sender, if this runs inside `actorScope`. */
export const currentActor = (): Person | undefined => actors.getStore();

export interface RecordingDeps {
  audit: AuditStore;
  logger: Logger;
  now: () => number;
}

function safely(deps: RecordingDeps, what: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    deps.logger.error({ err: error instanceof Error ? error.message : String(error), what }, 'audit record failed');
  }
}

/**
 * Records a step that does not go through the outbox (a template, an /autocancel rule, stock from Telegram, a refusal)
 * with its result, known at once, and no order. `action` is a short stable name (`template-save`); `code` says why it
 * failed. Never pass what the step carried (a template's text, stock items): the audit keeps names of steps only.
 */
export type RecordStep = (ctx: BotContext, action: AuditAction, result: Exclude<AuditResult, 'pending'>, code?: string) => void;

export function stepRecorder(deps: RecordingDeps): RecordStep {
  return (ctx, action, result, code) => {
    // The scope's actor is the same person; ctx.from covers a handler run outside it (a test composing a feature alone).
    const actor = currentActor() ?? (ctx.from ? personOf(ctx.from) : undefined);
    if (!actor) return;
    safely(deps, action, () =>
      deps.audit.record({ at: deps.now(), orderId: undefined, action, actor, result, ...(code === undefined ? {} : { code }) }),
    );
  };
}

/** The engine as features see it: queuing through it records who asked. A repeated tap (deduplicated) is not a new step. */
export function auditedEngine(engine: () => SyncForBot, deps: RecordingDeps): () => SyncForBot {
  const wrapped = new WeakMap<SyncForBot, SyncForBot>();
  const wrap = (inner: SyncForBot): SyncForBot =>
    new Proxy(inner, {
      get(target, property, receiver) {
        if (property === 'enqueue') {
          return (action: Parameters<SyncForBot['enqueue']>[0]) => {
            const ticket = target.enqueue(action);
            const actor = currentActor();
            if (actor && !ticket.deduplicated) {
              safely(deps, 'enqueue', () =>
                deps.audit.record({ at: deps.now(), orderId: action.orderId, action: action.kind, actor, actionId: ticket.actionId }),
              );
            }
            return ticket;
          };
        }
        if (property === 'replaceStockItem') {
          return (...args: Parameters<SyncForBot['replaceStockItem']>) => {
            const outcome = target.replaceStockItem(...args);
            const actor = currentActor();
            if (actor && !(outcome.ok && outcome.ticket.deduplicated)) {
              // The replacement goes out as a chat message: the entry settles when the outbox reports it.
              const step = outcome.ok
                ? { actionId: outcome.ticket.actionId }
                : { result: 'failed' as const, code: outcome.reason === 'empty' ? 'STOCK_EMPTY' : 'STOCK_NOT_THIS_ORDER' };
              safely(deps, 'replace', () => deps.audit.record({ at: deps.now(), orderId: args[0], action: 'replace', actor, ...step }));
            }
            return outcome;
          };
        }
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return () => {
    const inner = engine();
    let outer = wrapped.get(inner);
    if (!outer) {
      outer = wrap(inner);
      wrapped.set(inner, outer);
    }
    return outer;
  };
}

/** ms of an ISO time, or undefined. */
const msOf = (iso: string | undefined) => {
  const ms = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * The sink sync reports to: before the card is edited for an outcome, its audit entry is settled (so the card shows
 * it); after a chat message was shown, its author is logged.
 */
export function auditedSink(inner: SyncSink, deps: RecordingDeps): SyncSink {
  const actionSettled: SyncSink['actionSettled'] = async (outcome) => {
    if (outcome.ok !== 'queued') {
      safely(deps, 'settle', () => {
        const at = deps.now();
        const result = outcome.ok ? 'ok' : 'failed';
        const code = outcome.ok ? undefined : outcome.code;
        if (!deps.audit.settle(outcome.action.orderId, outcome.actionId, result, code, at)) {
          const { action } = outcome;
          // Nobody in Telegram asked for it: the bridge acted by itself (`by` says why).
          const by = 'by' in action && action.by !== undefined ? action.by : 'bridge';
          // The template it sent, when it says more than the source (`autoreply faq-delivery`, but `away`).
          const template = action.kind === 'message' && action.template !== by ? action.template : undefined;
          const source = template === undefined ? by : `${by} ${template}`;
          deps.audit.record({
            at,
            orderId: action.orderId,
            action: action.kind,
            actor: { kind: 'bot', source },
            actionId: outcome.actionId,
            result,
            ...(code ? { code } : {}),
          });
        }
        // An automatic answer is not the seller's: /stats' answer time counts from a buyer's message to a person's.
        const automatic = isAutomaticAnswer(outcome.action.by);
        if (outcome.ok && outcome.action.kind === 'message' && outcome.messageId !== undefined && !automatic) {
          deps.audit.chatMessage(outcome.action.orderId, outcome.messageId, 'seller', at);
        }
      });
    }
    return inner.actionSettled(outcome);
  };
  const messageArrived: SyncSink['messageArrived'] = async (order, message, timing) => {
    const receipt = await inner.messageArrived(order, message, timing);
    safely(deps, 'chat message', () =>
      deps.audit.chatMessage(
        order.id,
        message.id,
        message.senderRole === 'seller' ? 'seller' : 'buyer',
        msOf(message.createdAt) ?? deps.now(),
      ),
    );
    return receipt;
  };
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'actionSettled') return actionSettled;
      if (property === 'messageArrived') return messageArrived;
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
