/** `npm run doctor` against the sandbox store and the fake Bot API: all green, and each way it can go red. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorTexts, formatReport, runDoctor, type CheckResult } from '../../src/ops/doctor.ts';
import { startSandbox, type SandboxHandle } from '../../src/sandbox/index.ts';
import { startFakeTelegram, type FakeTelegram } from '../support/fake-telegram-api.ts';

const GROUP = -1001122334455;
const FORUM = -1005566778899;
let sandbox: SandboxHandle;
let telegram: FakeTelegram;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ rateLimit: { limit: 100, windowMs: 60_000 } });
  telegram = await startFakeTelegram({
    groups: [
      { id: GROUP, title: 'Orders', type: 'supergroup' },
      { id: FORUM, title: 'Forum', type: 'supergroup', isForum: true },
    ],
  });
  dir = mkdtempSync(join(tmpdir(), 'doctor-'));
});
afterAll(async () => {
  await sandbox.close();
  await telegram.close();
  rmSync(dir, { recursive: true, force: true });
});

const env = (overrides: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  TELEGRAM_BOT_TOKEN: telegram.token,
  TELEGRAM_API_ROOT: telegram.apiRoot,
  TELEGRAM_CHAT_ID: String(GROUP),
  TELEGRAM_ADMIN_IDS: '42',
  SELLER_API_URL: sandbox.baseUrl,
  SELLER_API_KEY: sandbox.store.apiKey,
  DATABASE_PATH: join(dir, 'data', 'bridge.sqlite'),
  ...overrides,
});
const byName = (results: CheckResult[]) => Object.fromEntries(results.map((result) => [result.name, result]));
const everyLine = (results: CheckResult[]) => formatReport(results).lines.join('\n');

describe('doctor', () => {
  it('is all green for a working setup, and says how many products and which rate limit', async () => {
    const results = await runDoctor({ env: env(), argv: [], timeoutMs: 2_000 });
    const checks = byName(results);
    expect(Object.keys(checks)).toEqual(['configuration', 'telegram bot', 'telegram chat', 'store API', 'rate limit', 'database']);
    expect(results.filter((result) => result.verdict !== 'ok')).toEqual([]);
    expect(checks['store API']!.detail).toMatch(/3 automation-enabled products/);
    expect(checks['rate limit']!.detail).toMatch(/limit 100/);
    expect(formatReport(results).ok).toBe(true);
    expect(telegram.callsOf('sendChatAction')).toHaveLength(1);
    expect(telegram.callsOf('sendMessage')).toHaveLength(0);
  });

  it('in a forum group, says orders get topics, or warns naming the missing "Manage topics" right', async () => {
    const forum = env({ TELEGRAM_CHAT_ID: String(FORUM) });
    expect(byName(await runDoctor({ env: forum, argv: [], timeoutMs: 2_000 }))['telegram chat']).toMatchObject({
      verdict: 'ok',
      detail: expect.stringMatching(/a forum: each order gets its own topic/),
    });
    telegram.refuseTopicRights(FORUM);
    const refused = byName(await runDoctor({ env: forum, argv: [], timeoutMs: 2_000 }))['telegram chat'];
    expect(refused).toMatchObject({ verdict: 'warn', detail: expect.stringMatching(/"Manage topics"/) });
    telegram.refuseTopicRights(FORUM, false);
    const off = byName(await runDoctor({ env: { ...forum, TELEGRAM_TOPICS: 'off' }, argv: [], timeoutMs: 2_000 }))['telegram chat'];
    expect(off?.detail).not.toMatch(/forum/);
  });

  it('fails on a revoked key, naming the variable, without printing it', async () => {
    const other = sandbox.control.createStore();
    sandbox.control.revokeKey(other.apiKey);
    const results = await runDoctor({ env: env({ SELLER_API_KEY: other.apiKey }), argv: [], timeoutMs: 2_000 });
    expect(byName(results)['store API']).toMatchObject({ verdict: 'fail' });
    expect(byName(results)['store API']!.detail).toMatch(/API_KEY_INVALID.*SELLER_API_KEY/);
    expect(formatReport(results).ok).toBe(false);
    expect(everyLine(results)).not.toContain(other.apiKey);
  });

  it('fails on a chat the bot cannot reach', async () => {
    const results = await runDoctor({ env: env({ TELEGRAM_CHAT_ID: '-100999' }), argv: [], timeoutMs: 2_000 });
    expect(byName(results)['telegram chat']).toMatchObject({ verdict: 'fail' });
    expect(byName(results)['telegram chat']!.detail).toMatch(/chat not found/);
    expect(everyLine(results)).not.toContain(telegram.token.split(':')[1]);
  });

  it('fails on a database path that cannot be written', async () => {
    const blocker = join(dir, 'not-a-folder');
    writeFileSync(blocker, 'a file where a folder should be');
    const results = await runDoctor({ env: env({ DATABASE_PATH: join(blocker, 'bridge.sqlite') }), argv: [], timeoutMs: 2_000 });
    expect(byName(results).database).toMatchObject({ verdict: 'fail' });
    expect(byName(results).database!.detail).toMatch(/DATABASE_PATH/);
  });

  it('fails on a wrong bot token and skips the chat check', async () => {
    const results = await runDoctor({
      env: env({ TELEGRAM_BOT_TOKEN: '999:AAwrongwrongwrongwrongwrongwrongwrong1' }),
      argv: [],
      timeoutMs: 2_000,
    });
    expect(byName(results)['telegram bot']).toMatchObject({ verdict: 'fail' });
    expect(byName(results)['telegram chat']).toMatchObject({ verdict: 'skip' });
    expect(everyLine(results)).not.toContain('AAwrongwrong');
  });

  it('stops at a bad configuration with its one line', async () => {
    const results = await runDoctor({ env: env({ POLL_INTERVAL_SECONDS: 'soon' }), argv: [], timeoutMs: 2_000 });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ name: 'configuration', verdict: 'fail' });
    expect(results[0]!.detail).toContain('POLL_INTERVAL_SECONDS');
  });
});

describe('doctor in Russian (BOT_LANGUAGE=ru)', () => {
  const report = (results: CheckResult[], environment: NodeJS.ProcessEnv) => formatReport(results, doctorTexts(environment)).lines;

  it('labels every check and says each verdict in Russian; ids keep their digits', async () => {
    const russian = env({ BOT_LANGUAGE: 'ru' });
    const lines = report(await runDoctor({ env: russian, argv: [], timeoutMs: 2_000 }), russian);
    expect(lines[0]).toMatch(/^✓ конфигурация\s+в порядке \(рабочий режим\)$/);
    expect(lines[1]).toMatch(/^✓ бот Telegram\s+токен принят: @\S+$/);
    expect(lines[2]).toMatch(/^✓ чат Telegram\s+супергруппа «Orders» -1001122334455: доступ есть, бот может писать$/);
    expect(lines[3]).toMatch(/^✓ API магазина\s+ключ принят: 3 товара с автоматизацией$/);
    expect(lines.at(-1)).toBe('Все проверки пройдены: можно запускать npm start.');
  });

  it("stops at a bad configuration with its one line, framed in Russian (the problem is the configuration's words)", async () => {
    const russian = env({ BOT_LANGUAGE: 'ru', POLL_INTERVAL_SECONDS: 'soon' });
    const results = await runDoctor({ env: russian, argv: [], timeoutMs: 2_000 });
    expect(results).toHaveLength(1);
    const lines = report(results, russian);
    expect(lines[0]).toMatch(/^✗ конфигурация {2}Ошибка конфигурации: POLL_INTERVAL_SECONDS: .+\. См\. \.env\.example\.$/);
    expect(lines[1]).toBe('Есть непройденные проверки: исправьте строки с ✗ и снова запустите npm run doctor.');
  });

  it('reports a BOT_LANGUAGE it has no files for, in English, as before', async () => {
    const unknown = env({ BOT_LANGUAGE: 'xx' });
    const lines = report(await runDoctor({ env: unknown, argv: [], timeoutMs: 2_000 }), unknown);
    expect(lines[0]).toMatch(/^✗ configuration {2}Configuration error: BOT_LANGUAGE: must be one of en, ru\. See \.env\.example\.$/);
  });
});
