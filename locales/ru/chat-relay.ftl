# chat-relay.ts
## HTML
chat-relay-role = { $role ->
    [buyer] 💬 Покупатель
    [system] ℹ️ Система
    [seller] 🏪 Продавец (на сайте магазина)
   *[other] ❔ { $role }
}
chat-relay-header = <b>{ chat-relay-role }</b> · заказ { $orderId }
chat-relay-header-product = {" · "}{ $title }
chat-relay-header-part = <i> (часть { $index } из { $total })</i>
chat-relay-empty-message-body = <i>(без текста)</i>
