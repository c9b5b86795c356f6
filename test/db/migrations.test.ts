/** Opening the database: folder creation, pragmas, migrations applied once each, and the schema status. */
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LATEST_SCHEMA_VERSION, MIGRATIONS, SchemaAheadError, migrate, schemaStatus, type Migration } from '../../src/db/migrations.ts';
import { openDatabase } from '../../src/db/open.ts';

const logger = pino({ level: 'silent' });
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'db-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('creates the folder and the file, in WAL mode with foreign keys, a busy timeout and a 2 MB page cache', () => {
    const path = join(dir, 'nested', 'deeper', 'bridge.sqlite');
    const db = openDatabase(path, { logger, busyTimeoutMs: 1234 });
    expect(existsSync(path)).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBe(1234);
    // NORMAL is 1.
    expect(db.pragma('synchronous', { simple: true })).toBe(1);
    // better-sqlite3's build would give 16 MB (-16000); negative means KiB.
    expect(db.pragma('cache_size', { simple: true })).toBe(-2000);
    db.close();
  });

  it('applies every migration once, however often the file is opened', () => {
    const path = join(dir, 'bridge.sqlite');
    openDatabase(path, { logger }).close();
    const db = openDatabase(path, { logger });
    const rows = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[];
    expect(rows.map((row) => row.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(schemaStatus(db)).toEqual({ state: 'current', version: LATEST_SCHEMA_VERSION, latest: LATEST_SCHEMA_VERSION, pending: [] });
    expect(migrate(db, logger)).toEqual([]);
    db.close();
  });

  it('refuses a database written by a newer build, and the doctor can still read its status', () => {
    const path = join(dir, 'bridge.sqlite');
    const db = openDatabase(path, { logger });
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(LATEST_SCHEMA_VERSION + 1, 'future', 0);
    db.close();

    expect(() => openDatabase(path, { logger })).toThrow(SchemaAheadError);
    const readOnly = openDatabase(path, { logger, readonly: true });
    expect(schemaStatus(readOnly)).toMatchObject({ state: 'ahead', version: LATEST_SCHEMA_VERSION + 1 });
    readOnly.close();
  });
});

describe('migrate', () => {
  const extra: Migration = {
    version: LATEST_SCHEMA_VERSION + 1,
    name: 'notes',
    sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT) STRICT;',
  };

  it('reports a database that is behind and brings it up to date in order', () => {
    const db = new Database(':memory:');
    migrate(db, logger);
    const known = [...MIGRATIONS, extra];
    expect(schemaStatus(db, known)).toMatchObject({ state: 'behind', pending: [extra.version] });
    expect(migrate(db, logger, known)).toEqual([extra.version]);
    expect(schemaStatus(db, known).state).toBe('current');
    expect(migrate(db, logger, known)).toEqual([]);
    db.prepare('INSERT INTO notes (body) VALUES (?)').run('works');
    db.close();
  });

  it('rolls a failing migration back entirely and does not record it', () => {
    const db = new Database(':memory:');
    migrate(db, logger);
    const broken: Migration = {
      version: LATEST_SCHEMA_VERSION + 1,
      name: 'half done',
      sql: 'CREATE TABLE half (id INTEGER); INSERT INTO no_such_table VALUES (1);',
    };
    expect(() => migrate(db, logger, [...MIGRATIONS, broken])).toThrow(/no_such_table/);
    expect(schemaStatus(db, [...MIGRATIONS, broken])).toMatchObject({ state: 'behind', pending: [broken.version] });
    expect(db.prepare(`SELECT name FROM sqlite_master WHERE name = 'half'`).get()).toBeUndefined();
    db.close();
  });

  it('says an empty database is behind, with every migration pending', () => {
    const db = new Database(':memory:');
    expect(schemaStatus(db)).toEqual({
      state: 'behind',
      version: 0,
      latest: LATEST_SCHEMA_VERSION,
      pending: MIGRATIONS.map((m) => m.version),
    });
    db.close();
  });
});
