# callbacks.ts
## (plain text, at most 200 characters)
callbacks-taking = Taking the order…
callbacks-cancelling = Cancelling and refunding…
callbacks-delivering = Delivering…
callbacks-already-in-progress = Already in progress.
callbacks-already-done = Already done.
callbacks-stale = This button is no longer valid. Use the buttons on the order card.
callbacks-stale-step = This Deliver prompt has expired or belongs to another admin. Tap { buttons-deliver } on the order card again.
callbacks-cancel-expired = This question expired: nothing was cancelled. Tap { buttons-cancel } on the order card again.
callbacks-cancel-order-moved = The order has changed since this question: it was not cancelled.
callbacks-unknown-order = The bot does not know this order.
callbacks-refused = Only the store admins set in this bot's settings can do this.
callbacks-not-here = Orders are handled in the configured chat only.
callbacks-ok = OK
