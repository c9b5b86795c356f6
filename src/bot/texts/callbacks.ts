/** Answers to button taps: plain text, at most 200 characters (Telegram's limit for a callback answer). */
import type { Translator } from './translator.ts';

export const CALLBACK = {
  taking: (tr: Translator) => tr.text('callbacks-taking'),
  cancelling: (tr: Translator) => tr.text('callbacks-cancelling'),
  delivering: (tr: Translator) => tr.text('callbacks-delivering'),
  alreadyInProgress: (tr: Translator) => tr.text('callbacks-already-in-progress'),
  alreadyDone: (tr: Translator) => tr.text('callbacks-already-done'),
  stale: (tr: Translator) => tr.text('callbacks-stale'),
  staleStep: (tr: Translator) => tr.text('callbacks-stale-step'),
  cancelExpired: (tr: Translator) => tr.text('callbacks-cancel-expired'),
  cancelOrderMoved: (tr: Translator) => tr.text('callbacks-cancel-order-moved'),
  unknownOrder: (tr: Translator) => tr.text('callbacks-unknown-order'),
  refused: (tr: Translator) => tr.text('callbacks-refused'),
  notHere: (tr: Translator) => tr.text('callbacks-not-here'),
  ok: (tr: Translator) => tr.text('callbacks-ok'),
} as const;
