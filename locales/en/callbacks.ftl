# callbacks.ts
## (plain text, at most 200 characters)
callbacks-taking = Taking the order…
callbacks-cancelling = Cancelling and refunding…
callbacks-delivering = Delivering…
callbacks-already-in-progress = Already in progress.
callbacks-already-done = Already done.
callbacks-stale = This button is no longer valid. Use the buttons on the order card.
callbacks-stale-step = This step has expired or belongs to someone else. Tap { buttons-deliver } on the order card again.
callbacks-cancel-expired = This question expired: nothing was cancelled. Tap { buttons-cancel } on the order card again.
callbacks-cancel-order-moved = The order has changed since this question: it was not cancelled.
callbacks-unknown-order = This bridge does not know that order.
callbacks-refused = Only the store admins configured for this bridge can do this.
callbacks-not-here = Orders are handled in the configured chat only.
callbacks-ok = OK
