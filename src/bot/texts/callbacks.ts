/** Answers to button taps: plain text, at most 200 characters (Telegram's limit for a callback answer). */
export const CALLBACK = {
  taking: 'Taking the order…',
  cancelling: 'Cancelling and refunding…',
  delivering: 'Delivering…',
  alreadyInProgress: 'Already in progress.',
  alreadyDone: 'Already done.',
  stale: 'This button is no longer valid. Use the buttons on the order card.',
  staleStep: 'This step has expired or belongs to someone else. Tap Deliver on the order card again.',
  cancelExpired: 'This question expired: nothing was cancelled. Tap Cancel on the order card again.',
  cancelOrderMoved: 'The order has changed since this question: it was not cancelled.',
  unknownOrder: 'This bridge does not know that order.',
  refused: 'Only the store admins configured for this bridge can do this.',
  notHere: 'Orders are handled in the configured chat only.',
  ok: 'OK',
} as const;
