/**
 * Reply templates (`templates` table, migration 6). Stable, documented exports: `createTemplateQueries(db)` with
 * `get(name)`, `save(name, text, now)`, `delete(name)`, `list()`. Names are stored as given: check and normalise them
 * first with `checkTemplateName` (core/template.ts), and render a text with `renderTemplate`.
 * The bot's `TemplateStore` (bot/templates/template-store.ts) is this shape.
 */
import type { SqliteDatabase } from './sqlite.ts';

export interface Template {
  name: string;
  text: string;
  updatedAt: number;
}

export interface TemplateQueries {
  get(name: string): Template | undefined;
  /** Saves or replaces; true when a template of that name existed before. */
  save(name: string, text: string, now: number): boolean;
  /** True when something was deleted. */
  delete(name: string): boolean;
  /** Every template, by name. */
  list(): Template[];
}

interface TemplateRow {
  name: string;
  text: string;
  updated_at: number;
}

const toTemplate = (row: TemplateRow): Template => ({ name: row.name, text: row.text, updatedAt: row.updated_at });

export function createTemplateQueries(db: SqliteDatabase): TemplateQueries {
  const selectOne = db.prepare<[string], TemplateRow>('SELECT * FROM templates WHERE name = ?');
  const selectAll = db.prepare<[], TemplateRow>('SELECT * FROM templates ORDER BY name');
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO templates (name, text, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (name) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM templates WHERE name = ?');
  return {
    get(name) {
      const row = selectOne.get(name);
      return row === undefined ? undefined : toTemplate(row);
    },
    save(name, text, now) {
      return db.transaction(() => {
        const existed = selectOne.get(name) !== undefined;
        upsert.run(name, text, now);
        return existed;
      })();
    },
    delete: (name) => remove.run(name).changes > 0,
    list: () => selectAll.all().map(toTemplate),
  };
}
