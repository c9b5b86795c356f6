# reminders.ts
## Reminders, auto-cancel notices and /autocancel (HTML unless marked plain)
## $minutes comes formatted (whole minutes waited, at least 1; a rule's minutes as set); $product is reminders-product or empty
reminders-product = {" · "}{ $title }
reminders-untaken-reminder =
    ⏰ Order { $orderId }{ $product } is still waiting to be taken ({ $minutes } min).
    <i>Reminder { $nth } of { $of }. Tap “{ buttons-take }” below or on the card.</i>
reminders-unanswered-reminder =
    ⏰ The buyer of order { $orderId }{ $product } is waiting for an answer ({ $minutes } min).
    <i>Reply to their message, or to this one, to answer.</i>
reminders-auto-cancel-warning =
    ⚠️ Order { $orderId }{ $product } will be cancelled and refunded automatically in { $in }.
    <i>Nobody has taken it yet. Tap “{ buttons-take }” to keep it.</i>
## several due at once: one message; $order is the order's id, linked to its card where the chat has links
reminders-grouped-header = <b>⏰ { $items ->
        [one] { $items } thing
       *[other] { $items } things
    } waiting for you</b>
reminders-grouped-untaken = • 🟢 { $order }{ $product } — not taken for { $minutes } min
reminders-grouped-unanswered = • 💬 { $order }{ $product } — buyer waiting { $minutes } min: reply, or /reply { $orderId }
reminders-grouped-auto-cancel = • ⚠️ { $order }{ $product } — cancelled automatically in { $in }
reminders-grouped-more = <i>…and { $more } more.</i>
reminders-grouped-footer = <i>{ $withButtons ->
        [yes] “{ buttons-take }” buttons below take the orders; answer a buyer by replying to their message.
       *[no] Answer a buyer by replying to their message.
    }</i>
# plain: a Take button of a grouped reminder names its order
reminders-take-order-button = { buttons-take } { $orderId }
## auto-cancel outcomes (notices)
reminders-auto-cancelled =
    ✖️ Order { $orderId }{ $product } was cancelled automatically: nobody took it within { $minutes } min.
    { $sorrySent ->
        [yes] The buyer is refunded, and your “sorry” message is being sent to them.
       *[no] The buyer is refunded.
    }
reminders-auto-cancel-failed = ⚠️ Order { $orderId } was not cancelled automatically: { $code ->
        [ORDER_INVALID_STATUS] it is no longer waiting to be taken.
        [unknown] the store refused (unknown).
       *[other] the store refused ({ $code }).
    }
## /autocancel
# plain
reminders-autocancel-unavailable = Auto-cancel is not available in this setup.
reminders-autocancel-usage =
    <b>Auto-cancel</b>
    /autocancel — list the products with auto-cancel
    /autocancel &lt;productId&gt; &lt;minutes&gt; — cancel (and refund) its paid orders nobody took within that time; a warning comes halfway
    /autocancel &lt;productId&gt; 0 — stop it (off does the same)
    <i>Off for every product unless you turn it on. /products lists the product ids.</i>
# $max: the most minutes /autocancel takes (a week)
reminders-autocancel-bad-minutes = The time must be a number of minutes, at most { NUMBER($max, useGrouping: 0) } (a week); 0 turns auto-cancel off. <i>Example: /autocancel &lt;productId&gt; 30</i>
reminders-autocancel-none = No product has auto-cancel. <i>Turn it on with /autocancel &lt;productId&gt; &lt;minutes&gt;.</i>
reminders-autocancel-list-header = <b>Auto-cancel: { $products ->
        [one] { $products } product
       *[other] { $products } products
    }</b>
reminders-autocancel-list-item = • { $productId } — after { $minutes } min
reminders-autocancel-set =
    ✓ Paid orders of product { $productId } nobody takes within { $minutes } min will be cancelled and refunded.
    <i>A warning comes halfway. Orders waiting now count from now. /autocancel { $productId } 0 stops it.</i>
reminders-autocancel-set-unchecked = <i>The product id could not be checked (the store did not answer): compare it with /products.</i>
reminders-autocancel-unknown-product = No product { $productId } among the products with automation, so nothing changed. <i>/products lists them.</i>
reminders-autocancel-off = { $wasOn ->
        [yes] ✓ Auto-cancel is off for product { $productId }.
       *[no] Product { $productId } had no auto-cancel.
    }
## time left until an automatic step
reminders-in-seconds = { $seconds } s
reminders-in-minutes = { $minutes } min
