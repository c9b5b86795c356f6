# chat-relay.ts
## (HTML)
chat-relay-role = { $role ->
    [buyer] 💬 Buyer
    [system] ℹ️ System
    [seller] 🏪 Seller (on the store website)
   *[other] ❔ { $role }
}
chat-relay-header = <b>{ chat-relay-role }</b> · order { $orderId }
chat-relay-header-product = {" · "}{ $title }
chat-relay-header-part = <i> (part { $index } of { $total })</i>
chat-relay-empty-message-body = <i>(no text)</i>
