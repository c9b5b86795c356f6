/**
 * The audit lines under an order card ("taken by Anna · 14:02"): the latest finished order actions, oldest first,
 * times in the bot's zone. Chat messages are left to /order's history: a chatty order would push everything else out.
 */
import type { AuditActor, AuditEntry, AuditStore } from '../../core/audit.ts';
import type { OrderId } from '../../seller-api/schemas.ts';
import type { Html } from '../helpers/html.ts';
import { actorBot, actorPerson, auditLine } from '../texts/staff.ts';
import type { Translator } from '../texts/translator.ts';

/** How many lines a card shows at most. */
const CARD_AUDIT_LINES = 3;

const CARD_ACTIONS: ReadonlySet<string> = new Set(['take', 'deliver', 'cancel', 'replace']);

export const actorName = (tr: Translator, actor: AuditActor): string =>
  actor.kind === 'person' ? actorPerson({ name: actor.name }) : actorBot(tr, { source: actor.source });

function cardAuditLine(tr: Translator, entry: AuditEntry): Html {
  const time = tr.format.clock(entry.settledAt ?? entry.at);
  const who = actorName(tr, entry.actor);
  return auditLine(tr, { action: entry.action, who, time, failedCode: entry.result === 'failed' ? (entry.code ?? 'FAILED') : undefined });
}

/** `tr`: the chat's, as the card it goes under (cards/render-card.ts). */
export function cardAuditLines(audit: AuditStore, tr: Translator): (orderId: OrderId) => Html[] {
  return (orderId) =>
    audit
      // A few more than shown: messages and pending steps in between are skipped.
      .latest(orderId, CARD_AUDIT_LINES * 4)
      // What happened to the order; refused attempts changed nothing and stay in /order's history.
      .filter((entry) => CARD_ACTIONS.has(entry.action) && (entry.result === 'ok' || entry.result === 'failed'))
      .slice(0, CARD_AUDIT_LINES)
      .reverse()
      .map((entry) => cardAuditLine(tr, entry));
}
