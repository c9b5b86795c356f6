/**
 * Keyword rules (`autoreply_rules`, migration 13) and the `/away` switch (kv `autoreply.away`): what `/autoreply` and
 * `/away` change, and what sync reads to answer buyers by itself (sync/automation/keyword-answers.ts, away.ts). The
 * seller's, not a store's: kept in DATABASE_PATH, read by every store's engine. The bot's `AutoReplyStore`
 * (bot/automation/autoreply-store.ts) is this shape. Rules are numbered by their place in the list (id order), from 1,
 * as `/autoreply` shows them.
 */
import { type AwaySwitch, AwaySwitchSchema } from '../core/away.ts';
import { createKeyValueStore } from './kv.ts';
import type { SqliteDatabase } from './sqlite.ts';

export interface AutoReplyRule {
  id: number;
  template: string;
  /** As the seller wrote them. */
  phrases: string[];
  createdAt: number;
}

export interface AutoReplyQueries {
  /** In list order. */
  rules(): AutoReplyRule[];
  /** Changes whenever the rules do (ids only grow): compiled rules are kept while it stays the same. */
  revision(): string;
  /** The rule added, and its number in the list. */
  addRule(template: string, phrases: readonly string[], by: number | undefined, now: number): { rule: AutoReplyRule; number: number };
  /** Deletes rule number `number` (from 1); the rule deleted, or undefined when there is none. */
  deleteRule(number: number): AutoReplyRule | undefined;
  /** The numbers of the rules that answer with this template. */
  rulesUsing(template: string): number[];
  awaySwitch(): AwaySwitch | undefined;
  setAway(away: AwaySwitch): void;
}

interface RuleRow {
  id: number;
  template: string;
  phrases: string;
  created_at: number;
}

const AWAY_KEY = 'autoreply.away';

const toRule = (row: RuleRow): AutoReplyRule => ({
  id: row.id,
  template: row.template,
  phrases: JSON.parse(row.phrases) as string[],
  createdAt: row.created_at,
});

export function createAutoReplyQueries(db: SqliteDatabase): AutoReplyQueries {
  const kv = createKeyValueStore(db);
  const selectAll = db.prepare<[], RuleRow>('SELECT id, template, phrases, created_at FROM autoreply_rules ORDER BY id');
  const selectRevision = db.prepare<[], { n: number; top: number }>(
    'SELECT count(*) AS n, coalesce(max(id), 0) AS top FROM autoreply_rules',
  );
  const insert = db.prepare<[string, string, number, number | null]>(
    'INSERT INTO autoreply_rules (template, phrases, created_at, created_by) VALUES (?, ?, ?, ?)',
  );
  const selectNth = db.prepare<[number], RuleRow>(
    'SELECT id, template, phrases, created_at FROM autoreply_rules ORDER BY id LIMIT 1 OFFSET ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM autoreply_rules WHERE id = ?');
  const rules = () => selectAll.all().map(toRule);

  return {
    rules,
    revision() {
      const row = selectRevision.get();
      return `${row?.n ?? 0}:${row?.top ?? 0}`;
    },
    addRule: (template, phrases, by, now) =>
      db.transaction(() => {
        const id = Number(insert.run(template, JSON.stringify(phrases), now, by ?? null).lastInsertRowid);
        const all = rules();
        const number = all.findIndex((rule) => rule.id === id) + 1;
        return { rule: all[number - 1] as AutoReplyRule, number };
      })(),
    deleteRule: (number) =>
      db.transaction(() => {
        if (!Number.isSafeInteger(number) || number < 1) return undefined;
        const row = selectNth.get(number - 1);
        if (row === undefined) return undefined;
        remove.run(row.id);
        return toRule(row);
      })(),
    rulesUsing: (template) => rules().flatMap((rule, index) => (rule.template === template ? [index + 1] : [])),
    awaySwitch: () => kv.get(AWAY_KEY, AwaySwitchSchema),
    setAway: (away) => kv.set(AWAY_KEY, away),
  };
}
