# stock-card.ts
## (HTML unless marked plain); items appear only behind a spoiler
stock-card-items = { $count ->
    [one] { $count } item
   *[other] { $count } items
}
stock-card-stock-delivering = 📦 Delivering automatically from stock ({ stock-card-items })…
stock-card-stock-delivered = <b>📦 Delivered automatically from stock</b>
stock-card-stock-items = <tg-spoiler>{ $values }</tg-spoiler>
stock-card-stock-replaced = <i>🔁 { stock-card-items } replaced after the buyer reported a problem</i>
stock-card-stock-deliver-failed = ⚠️ Automatic delivery failed: deliver by hand. These items are held for this order; if the buyer did not get them, release them in /stock:
stock-card-stock-short = ⚠️ Not delivered automatically: needs { stock-card-items }, { $inStock } in stock
stock-card-stock-paused = ⏸ Not delivered automatically: auto-delivery of this product is paused
stock-card-stock-too-many = ⚠️ Not delivered automatically: too many items to deliver at once from stock ({ stock-card-items }): deliver by hand
stock-card-stock-bad-quantity = ⚠️ Not delivered automatically: the quantity is not a whole number of items
# plain: which of an order's items a Replace button (and its question) is about: its line on the card, and its mask
stock-card-item-hint = #{ $number } { $hint }
stock-card-replace-ask =
    <b>Replace this item?</b>
    The item { $hint } is marked bad (never used again) and the buyer gets the next item from stock.
# plain, callback answers
stock-card-replace-done = The next item is on its way to the buyer.
stock-card-replace-empty = No item left in stock to replace it with: add stock, then tap Replace again.
stock-card-replace-not-this-order = That item does not belong to this order any more.
stock-card-replace-kept = Kept: nothing was replaced.
# plain: goes to the buyer, through the store, as the seller's message
stock-card-replacement-for-buyer =
    Here is a replacement for the item that did not work:
    { $item }
stock-card-stock-alert-product = <code>{ $productId }</code>{ $title }
stock-card-stock-alert-title = {" · "}{ $title }
stock-card-stock-alert-low =
    <b>📉 Stock is running low</b>
    { $product }: { stock-card-items } left
    Add more from the phone: send a .txt file with the caption /stock &lt;product id&gt;.
stock-card-stock-alert-empty =
    <b>🚫 Out of stock</b>
    { $product }: new orders now wait for you to deliver by hand
    Add more from the phone: send a .txt file with the caption /stock &lt;product id&gt;.
