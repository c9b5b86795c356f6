/** The demo store's content per language: trial mode follows BOT_LANGUAGE; a language without its own content gets English. */
import { ENGLISH_CATALOG, type DemoCatalog } from './catalog.ts';
import { RUSSIAN_CATALOG } from './catalog-ru.ts';

const CATALOGS: Record<string, DemoCatalog> = { en: ENGLISH_CATALOG, ru: RUSSIAN_CATALOG };

export const demoCatalog = (language: string | undefined): DemoCatalog => CATALOGS[language ?? 'en'] ?? ENGLISH_CATALOG;
