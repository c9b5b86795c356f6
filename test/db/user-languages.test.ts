/** The language each user picked with /language (migration 9): read back, replaced, kept across a reopen. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrations.ts';
import { openDatabase } from '../../src/db/open.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';
import { createUserLanguageQueries } from '../../src/db/user-languages.ts';

const silent = pino({ level: 'silent' });
let dir: string;
let db: SqliteDatabase;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'user-languages-'));
  db = openDatabase(join(dir, 'db.sqlite'), { logger: silent });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

it('is migration 9, whatever other branches number theirs', () => {
  expect(MIGRATIONS.find((migration) => migration.version === 9)?.sql).toContain('CREATE TABLE user_languages');
});

it('reads back the choice, replaces it, and keeps it across a reopen', () => {
  const languages = createUserLanguageQueries(db);
  expect(languages.languageOf(42)).toBeUndefined();
  languages.setLanguage(42, 'ru', 1);
  languages.setLanguage(7, 'en', 1);
  languages.setLanguage(42, 'en', 2);
  languages.setLanguage(42, 'ru', 3);
  expect(languages.languageOf(42)).toBe('ru');
  expect(languages.languageOf(7)).toBe('en');
  db.close();
  db = openDatabase(join(dir, 'db.sqlite'), { logger: silent });
  expect(createUserLanguageQueries(db).languageOf(42)).toBe('ru');
  expect(db.prepare('SELECT COUNT(*) AS n FROM user_languages').get()).toEqual({ n: 2 });
});
