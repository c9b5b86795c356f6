/**
 * The keyword rules, the automatic answers given and what decides against one (migration 13): the queries, and the
 * migration on a database of the version before.
 */
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createAutoAnswerQueries } from '../../src/db/auto-answers.ts';
import { createAutoReplyQueries } from '../../src/db/autoreply.ts';
import { createKeyValueStore } from '../../src/db/kv.ts';
import { MIGRATIONS, migrate } from '../../src/db/migrations.ts';
import type { SellerAction } from '../../src/core/actions.ts';
import { OrderSchema, type OrderId } from '../../src/seller-api/schemas.ts';
import { useMemoryDb } from '../support/memory-db.ts';

const NOW = Date.parse('2026-11-27T03:00:00Z');
const MIN = 60_000;
const ORDER = 'ord_1' as OrderId;
const memory = useMemoryDb(() => NOW);

const known = (id: OrderId = ORDER) =>
  memory.queries.orders.insert(OrderSchema.parse({ id, status: 'processing' }), { isOpen: true, chatWatchUntil: undefined }, NOW);

describe('keyword rules', () => {
  it('are numbered in list order; a change of any kind changes the revision', () => {
    const rules = createAutoReplyQueries(memory.db);
    const revisions = [rules.revision()];
    expect(rules.addRule('faq', ['key', 'when will I get'], 7, NOW)).toMatchObject({ number: 1, rule: { template: 'faq' } });
    revisions.push(rules.revision());
    expect(rules.addRule('refund', ['refund'], undefined, NOW).number).toBe(2);
    expect(rules.addRule('faq', ['activate'], 7, NOW).number).toBe(3);
    revisions.push(rules.revision());
    expect(rules.rulesUsing('faq')).toEqual([1, 3]);
    expect(rules.deleteRule(2)?.template).toBe('refund');
    revisions.push(rules.revision());
    // Deleted and added again: the same count, yet another revision (ids only grow).
    rules.addRule('refund', ['refund'], undefined, NOW);
    revisions.push(rules.revision());
    expect(new Set(revisions).size).toBe(revisions.length);
    expect(rules.rules().map((rule) => [rule.template, rule.phrases])).toEqual([
      ['faq', ['key', 'when will I get']],
      ['faq', ['activate']],
      ['refund', ['refund']],
    ]);
    for (const bad of [0, -1, 4, 1.5, Number.NaN]) expect(rules.deleteRule(bad)).toBeUndefined();
    expect(rules.rules()).toHaveLength(3);
  });

  it('keep the /away switch; a value of another shape reads as none', () => {
    const rules = createAutoReplyQueries(memory.db);
    expect(rules.awaySwitch()).toBeUndefined();
    rules.setAway({ away: true, at: NOW, until: NOW + 6 * 60 * MIN });
    expect(rules.awaySwitch()).toEqual({ away: true, at: NOW, until: NOW + 6 * 60 * MIN });
    createKeyValueStore(memory.db).set('autoreply.away', { on: 'yes' });
    expect(rules.awaySwitch()).toBeUndefined();
  });
});

describe('what decides against an automatic answer', () => {
  const message = (extra: Partial<Extract<SellerAction, { kind: 'message' }>> = {}, key = `k${Math.random()}`): SellerAction => ({
    kind: 'message',
    orderId: ORDER,
    text: 'hi',
    ...extra,
    key,
  });
  const finish = (id: ReturnType<typeof memory.queries.outbox.insert>, at: number) =>
    memory.queries.outbox.finish(id, { state: 'succeeded', outcome: { ok: true }, code: undefined, attempts: 1, now: at });

  it('a person’s message sent within the window, or still on its way, or written on the website; never the bot’s own', () => {
    known();
    const answers = createAutoAnswerQueries(memory.db);
    const since = NOW - 30 * MIN;
    // The bridge's own messages: an automatic answer, an away answer, a greeting, a replacement key.
    for (const by of ['autoreply', 'away', 'template', 'stock'] as const)
      finish(memory.queries.outbox.insert(message({ by }), `by-${by}`, NOW), NOW);
    expect(answers.personAnsweredSince(ORDER, since)).toBe(false);
    const old = memory.queries.outbox.insert(message(), 'person-old', NOW - 60 * MIN);
    finish(old, NOW - 31 * MIN);
    expect(answers.personAnsweredSince(ORDER, since)).toBe(false);
    const recent = memory.queries.outbox.insert(message(), 'person-recent', NOW - 10 * MIN);
    expect(answers.personAnsweredSince(ORDER, since)).toBe(true);
    finish(recent, NOW - 5 * MIN);
    expect(answers.personAnsweredSince(ORDER, since)).toBe(true);
    expect(answers.personAnsweredSince(ORDER, NOW - 4 * MIN)).toBe(false);

    answers.sellerWrote(ORDER, NOW - MIN);
    answers.sellerWrote(ORDER, NOW - 20 * MIN);
    expect(answers.personAnsweredSince(ORDER, NOW - 2 * MIN)).toBe(true);
    expect(answers.personAnsweredSince(ORDER, NOW)).toBe(false);
  });

  it('one answer per message, each answer once per order; gone with the order', () => {
    known();
    known('ord_2' as OrderId);
    const answers = createAutoAnswerQueries(memory.db);
    answers.record(ORDER, 'm1', 'autoreply:1', 'faq', NOW);
    answers.record(ORDER, 'm1', 'away:5', 'away', NOW);
    expect(answers.answered(ORDER, 'm1')).toBe(true);
    expect(answers.given(ORDER, 'autoreply:1')).toBe(true);
    expect(answers.given(ORDER, 'away:5')).toBe(false);
    expect(answers.given('ord_2' as OrderId, 'autoreply:1')).toBe(false);
    answers.sellerWrote(ORDER, NOW);
    memory.db.prepare('DELETE FROM orders WHERE id = ?').run(ORDER);
    expect(answers.answered(ORDER, 'm1')).toBe(false);
    expect(answers.personAnsweredSince(ORDER, NOW - MIN)).toBe(false);
  });
});

describe('migration 13', () => {
  it('adds the tables to a database of version 12 and keeps what it held', () => {
    const old = new Database(':memory:');
    const logger = pino({ level: 'silent' });
    migrate(
      old,
      logger,
      MIGRATIONS.filter((m) => m.version <= 12),
    );
    old.prepare(`INSERT INTO templates (name, text, updated_at) VALUES ('faq', 'Keys come fast.', 1)`).run();
    old.prepare(`INSERT INTO kv (key, value, updated_at) VALUES ('sync.lastAliveAt', '1', 1)`).run();
    expect(
      migrate(
        old,
        logger,
        MIGRATIONS.filter((m) => m.version <= 13),
      ),
    ).toEqual([13]);
    const rules = createAutoReplyQueries(old);
    expect(rules.rules()).toEqual([]);
    expect(rules.addRule('faq', ['key'], 1, NOW).number).toBe(1);
    expect(old.prepare('SELECT text FROM templates').all()).toEqual([{ text: 'Keys come fast.' }]);
    expect(createKeyValueStore(old).get('sync.lastAliveAt')).toBe(1);
    old.close();
  });
});
