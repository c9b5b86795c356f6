/**
 * What `/autoreply`, `/away`, `/untemplate` and the automatic answers' notices need of the database (src/db's
 * `createAutoReplyQueries` fits it). Rules are numbered by their place in the list, from 1.
 */
import type { AwayRules, AwaySwitch } from '../../core/away.ts';
import type { TelegramRef } from '../../core/telegram-ref.ts';
import type { OrderId } from '../../seller-api/schemas.ts';

export interface StoredRule {
  id: number;
  template: string;
  phrases: string[];
  createdAt: number;
}

export interface AutoReplyStore {
  rules(): StoredRule[];
  addRule(template: string, phrases: readonly string[], by: number | undefined, now: number): { rule: StoredRule; number: number };
  deleteRule(number: number): StoredRule | undefined;
  rulesUsing(template: string): number[];
  awaySwitch(): AwaySwitch | undefined;
  setAway(away: AwaySwitch): void;
}

/** `WORKING_HOURS` and `BOT_TIMEZONE`, with the store: what the bot needs for `/away` and `/autoreply`. */
export interface AutoReplySettings {
  store: AutoReplyStore;
  away: AwayRules;
  /** The Telegram message a relayed chat message went out in (its order's store knows), when known. */
  relayedRef(orderId: OrderId, messageId: string): TelegramRef | undefined;
}
