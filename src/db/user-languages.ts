/** Queries of `user_languages`: the language each user picked with /language. The bot's `UserLanguageStore` is this shape. */
import type { SqliteDatabase } from './sqlite.ts';

export interface UserLanguageQueries {
  languageOf(userId: number): string | undefined;
  setLanguage(userId: number, language: string, at: number): void;
}

export function createUserLanguageQueries(db: SqliteDatabase): UserLanguageQueries {
  const select = db.prepare<[number], { language: string }>('SELECT language FROM user_languages WHERE user_id = ?');
  const upsert = db.prepare<{ userId: number; language: string; at: number }>(
    `INSERT INTO user_languages (user_id, language, updated_at) VALUES (@userId, @language, @at)
     ON CONFLICT (user_id) DO UPDATE SET language = excluded.language, updated_at = excluded.updated_at`,
  );
  return {
    languageOf: (userId) => select.get(userId)?.language,
    setLanguage: (userId, language, at) => void upsert.run({ userId, language, at }),
  };
}
