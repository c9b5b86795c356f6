# order-card.ts
## HTML; statuses and assignees also plain, in lists
order-card-status-in-words = { $status ->
    [paid] 🟢 оплачен, ещё не взят в работу
    [processing] 🛠 в работе
    [awaiting_confirmation] 📦 выдан, ждёт подтверждения покупателя
    [cancelled] ✖️ отменён, деньги возвращены покупателю
    [completed] ✅ завершён, покупатель подтвердил получение
   *[other] ❔ { $status }
}
order-card-assignee-in-words = { $assignee ->
    [api] этот бот
    [user] человек на сайте магазина
   *[other] { $assignee }
}
order-card-title = 🛒 <b>Заказ</b> <code>{ $orderId }</code>
order-card-product = <b>Товар:</b> { $title }{ $productId }
order-card-product-id = {" · "}<code>{ $productId }</code>
order-card-product-without-title = <b>Товар:</b> <code>{ $productId }</code>
order-card-quantity = <b>Количество:</b> { $quantity }
order-card-amount = <b>Сумма:</b> { $amount }
order-card-created = <b>Создан:</b> { $createdAt }
order-card-status = <b>Статус:</b> { $status }
order-card-performed-by = <b>Исполнитель:</b> { $assignee }
order-card-delivered-value = <b>Выданные данные:</b> <code>{ $value }</code>
order-card-delivered-without-value = <b>Выдан:</b> без данных
order-card-field = { $label }: { $value }
# plain: the label of a field the store sent without label or id
order-card-unnamed-field = поле
order-card-more-fields = <i>…не поместилось ещё { $fields ->
        [one] { $fields } поле
        [few] { $fields } поля
       *[many] { $fields } полей
    }</i>
