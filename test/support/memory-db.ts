/** A fresh in-memory database with the full schema for each test of a file, closed after it. */
import { pino } from 'pino';
import { afterEach, beforeEach } from 'vitest';
import { openDatabase } from '../../src/db/open.ts';
import { createQueries, type Queries } from '../../src/db/queries.ts';
import type { SqliteDatabase } from '../../src/db/sqlite.ts';

export interface MemoryDb {
  /** The current test's database: read it inside a test, or a beforeEach/afterEach registered after `useMemoryDb`. */
  readonly db: SqliteDatabase;
  /** Its queries, on the clock given. */
  readonly queries: Queries;
}

/** Registers the hooks; `now` is the queries' clock (the real one when left out). */
export function useMemoryDb(now?: () => number): MemoryDb {
  let db: SqliteDatabase | undefined;
  let queries: Queries | undefined;
  beforeEach(() => {
    db = openDatabase(':memory:', { logger: pino({ level: 'silent' }) });
    queries = createQueries(db, now);
  });
  afterEach(() => {
    db?.close();
    db = undefined;
    queries = undefined;
  });
  const current = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useMemoryDb: read the database inside a test, or a beforeEach/afterEach registered after it');
    return value;
  };
  return {
    get db() {
      return current(db);
    },
    get queries() {
      return current(queries);
    },
  };
}
