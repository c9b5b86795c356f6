# prompts.ts
## (HTML unless marked plain)
prompts-cancel-question = { $amount ->
    [none] ❓ Cancel order { $orderId } and refund the buyer?
   *[other] ❓ Cancel order { $orderId } and refund <b>{ $amount }</b> to the buyer?
}
prompts-cancel-requested = ⏳ Cancelling order { $orderId } and refunding…
prompts-cancel-done = ✖️ Order { $orderId } is cancelled; the buyer was refunded.
prompts-cancel-dropped = Order { $orderId } was not cancelled.
prompts-cancel-expired = ⌛ This question about order { $orderId } expired, so nothing was cancelled. Tap { buttons-cancel } on the card again.
prompts-cancel-order-moved = ⚠️ Order { $orderId } is now { $now ->
        [none] unknown to the bot
       *[other] { $now }
    } (it was { $was } when you were asked), so it was not cancelled. Tap { buttons-cancel } on the card again if you still want to.
prompts-deliver-ask =
    📦 Delivering order { $orderId }.
    Reply to this message with the issued value (a code, a link, a login…), or tap “{ buttons-deliver-without-value }”.
prompts-deliver-preview-without-value = Deliver order { $orderId } <b>without a value</b>?
prompts-deliver-preview =
    Deliver order { $orderId } with this value?
    <code>{ $value }</code>
prompts-deliver-requested = { $withValue ->
    [yes] ⏳ Delivering order { $orderId }…
   *[no] ⏳ Delivering order { $orderId } without a value…
}
prompts-deliver-done = 📦 Order { $orderId } is delivered.
prompts-deliver-dropped = Order { $orderId } was not delivered.
prompts-deliver-expired = ⌛ This Deliver step for order { $orderId } expired: nothing was delivered. Tap { buttons-deliver } on the card again.
prompts-deliver-moved-on = Order { $orderId } { $status ->
        [awaiting_confirmation] was delivered
        [completed] was completed
        [cancelled] was cancelled
       *[other] left “in progress”
    } meanwhile, so this Deliver prompt is closed: nothing was delivered through it.
# plain
prompts-deliver-reply-expired = This Deliver prompt expired, so your reply was neither used as the value nor sent to the buyer. Tap { buttons-deliver } on the order card again.
# plain
prompts-deliver-reply-moved-on = This order is no longer in progress (delivered or cancelled meanwhile), so your reply was neither used as the value nor sent to the buyer.
# plain
prompts-deliver-reply-others = This Deliver step belongs to another admin, so your reply was not sent to the buyer. To deliver yourself, tap { buttons-deliver } on the order card.
# plain
prompts-deliver-reply-waiting = Not sent to the buyer: this Deliver step is waiting for { buttons-confirm } or { buttons-back }. To change the value, tap { buttons-back }, then { buttons-deliver } again.
# plain
prompts-deliver-value-empty = The value is empty. Reply with the issued value, or tap the button.
# plain
prompts-deliver-value-too-long = The value is { NUMBER($length, useGrouping: 0) } characters long; at most { NUMBER($limit, useGrouping: 0) } are accepted. Send a shorter value.
prompts-reply-ask = ✍️ Reply to this message with your text for the buyer of order { $orderId }.
# plain: shown in the input field while /reply waits for the text
prompts-reply-placeholder = Text for the buyer
# plain
prompts-reply-refused-empty = Not sent: the message is empty.
# plain
prompts-reply-refused-too-long = Not sent: the message is { NUMBER($length, useGrouping: 0) } characters long; the store accepts at most { NUMBER($limit, useGrouping: 0) }. Split it and send again.
# plain
prompts-reply-refused-not-text = Not sent: only text can be sent to the buyer.
# plain
prompts-reply-not-linked = This message is not linked to an order. Reply to an order card or to a buyer message.
