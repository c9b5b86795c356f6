/**
 * Button labels (plain text) are part of the public interface (docs/usage.md, "Orders and buyers"): tools and people
 * rely on them verbatim.
 */
import type { Translator } from './translator.ts';

export const BUTTONS = {
  take: (tr: Translator) => tr.text('buttons-take'),
  cancel: (tr: Translator) => tr.text('buttons-cancel'),
  deliver: (tr: Translator) => tr.text('buttons-deliver'),
  deliverWithoutValue: (tr: Translator) => tr.text('buttons-deliver-without-value'),
  confirm: (tr: Translator) => tr.text('buttons-confirm'),
  back: (tr: Translator) => tr.text('buttons-back'),
  replaceItem: (tr: Translator, { hint }: { hint: string }) => tr.text('buttons-replace-item', { hint }),
} as const;
