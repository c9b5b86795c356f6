/** A small WAL database like the bridge's for backup and restore tests, and a summary that tells copies apart. */
import Database from 'better-sqlite3';

/** Rows 1..n and a counter written in the same transaction. */
export function createDatabase(path: string, rows: number): void {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec(
    'CREATE TABLE items (id INTEGER PRIMARY KEY, payload TEXT NOT NULL); CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);',
  );
  db.prepare('INSERT INTO counter (id, n) VALUES (1, 0)').run();
  const insert = db.prepare('INSERT INTO items (id, payload) VALUES (?, ?)');
  const bump = db.prepare('UPDATE counter SET n = ? WHERE id = 1');
  db.transaction(() => {
    for (let i = 1; i <= rows; i++) {
      insert.run(i, `row ${i} `.padEnd(400, '.'));
      bump.run(i);
    }
  })();
  db.close();
}

/** Row count, highest id and counter of a database; a consistent copy has all three equal. */
export function summary(path: string): { count: number; max: number; counter: number; integrity: unknown } {
  const db = new Database(path, { readonly: true });
  try {
    return {
      integrity: db.pragma('integrity_check', { simple: true }),
      count: (db.prepare('SELECT count(*) AS c FROM items').get() as { c: number }).c,
      max: (db.prepare('SELECT max(id) AS m FROM items').get() as { m: number }).m,
      counter: (db.prepare('SELECT n FROM counter WHERE id = 1').get() as { n: number }).n,
    };
  } finally {
    db.close();
  }
}
