/**
 * Callback data of the /language buttons: `l:<language>`, e.g. `l:ru`. Only a language there is a folder for
 * (locales/) decodes; anything else, a forged tap included, is not this codec's.
 */
import { z } from 'zod';

const LanguageDataSchema = z
  .string()
  .regex(/^l:[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/)
  .transform((data) => data.slice(2));

export const encodeLanguage = (language: string): string => `l:${language}`;

/** The language a button names, when it is one of `languages`. */
export function decodeLanguage(data: string, languages: readonly string[]): string | undefined {
  const parsed = LanguageDataSchema.safeParse(data);
  return parsed.success && languages.includes(parsed.data) ? parsed.data : undefined;
}
