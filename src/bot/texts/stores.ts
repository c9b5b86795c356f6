/** Several stores in one bot: how a message names the store it is about (nothing with one store). */
import { lines, type Html } from '../helpers/html.ts';
import type { Translator } from './translator.ts';

/** The line that names a store, above what is said of it. */
const storeLine = (tr: Translator, title: string): Html => tr.html('stores-line', { store: title });

/** `html` under its store's line; as it is when no store is named (one store). */
export const aboutStore = (tr: Translator, title: string | undefined, html: Html): Html =>
  title === undefined ? html : lines([storeLine(tr, title), html]);
