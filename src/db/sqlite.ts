/** The database handle type, named once so modules do not each import the driver's namespace. */
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDatabase = BetterSqlite3.Database;
