# order-card.ts
## (HTML; statuses and assignees also plain, in lists)
order-card-status-in-words = { $status ->
    [paid] 🟢 paid, waiting to be taken
    [processing] 🛠 in progress
    [awaiting_confirmation] 📦 delivered, waiting for the buyer to confirm
    [cancelled] ✖️ cancelled, the buyer was refunded
    [completed] ✅ completed, the buyer confirmed receipt
   *[other] ❔ { $status }
}
order-card-assignee-in-words = { $assignee ->
    [api] this bot
    [user] a person on the store website
   *[other] { $assignee }
}
order-card-title = 🛒 <b>Order</b> <code>{ $orderId }</code>
order-card-product = <b>Product:</b> { $title }{ $productId }
order-card-product-id = {" · "}<code>{ $productId }</code>
order-card-product-without-title = <b>Product:</b> <code>{ $productId }</code>
order-card-quantity = <b>Quantity:</b> { $quantity }
order-card-amount = <b>Amount:</b> { $amount }
order-card-created = <b>Created:</b> { $createdAt }
order-card-status = <b>Status:</b> { $status }
order-card-performed-by = <b>Performed by:</b> { $assignee }
order-card-delivered-value = <b>Delivered value:</b> <code>{ $value }</code>
order-card-delivered-without-value = <b>Delivered:</b> without a value
order-card-field = { $label }: { $value }
# plain: the label of a field the store sent without label or id
order-card-unnamed-field = field
order-card-more-fields = <i>…and { $fields ->
        [one] { $fields } more field
       *[other] { $fields } more fields
    } (too long to show)</i>
