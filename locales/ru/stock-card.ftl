# stock-card.ts
## HTML unless marked plain; items appear only behind a spoiler
stock-card-items = { $count ->
    [one] { $count } единица
    [few] { $count } единицы
   *[many] { $count } единиц
}
stock-card-stock-delivering = 📦 Выдаём автоматически из запаса ({ stock-card-items })…
stock-card-stock-delivered = <b>📦 Выдано автоматически из запаса</b>
stock-card-stock-items = <tg-spoiler>{ $values }</tg-spoiler>
stock-card-stock-replaced = <i>🔁 Заменено после жалобы покупателя: { stock-card-items }</i>
stock-card-stock-deliver-failed = ⚠️ Автоматическая выдача не удалась: выдайте вручную. Эти единицы удержаны за этим заказом; если покупатель их не получил, верните их в запас через /stock:
stock-card-stock-short = ⚠️ Не выдано автоматически: нужно { stock-card-items }, в запасе { $inStock }
stock-card-stock-paused = ⏸ Не выдано автоматически: автовыдача этого товара на паузе
stock-card-stock-too-many = ⚠️ Не выдано автоматически: слишком много единиц, чтобы выдать их из запаса за раз ({ stock-card-items }): выдайте вручную
stock-card-stock-bad-quantity = ⚠️ Не выдано автоматически: количество — не целое число единиц
# plain: which of an order's items a Replace button (and its question) is about: its line on the card, and its mask
stock-card-item-hint = №{ $number } { $hint }
stock-card-replace-ask =
    <b>Заменить эту единицу?</b>
    Единица { $hint } будет помечена плохой (больше не используется), а покупатель получит следующую из запаса.
# plain, callback answers
stock-card-replace-done = Следующая единица уже отправляется покупателю.
stock-card-replace-empty = В запасе не осталось единиц для замены: пополните запас и нажмите «Заменить» ещё раз.
stock-card-replace-not-this-order = Эта единица больше не относится к этому заказу.
stock-card-replace-kept = Оставлено: ничего не заменено.
# plain: goes to the buyer, through the store, as the seller's message
stock-card-replacement-for-buyer =
    Вот замена для неработающей позиции:
    { $item }
stock-card-stock-alert-product = <code>{ $productId }</code>{ $title }
stock-card-stock-alert-title = {" · "}{ $title }
stock-card-stock-alert-low =
    <b>📉 Запас заканчивается</b>
    { $product }: осталось { stock-card-items }
    Пополните с телефона: пришлите .txt-файл с подписью /stock &lt;id товара&gt;.
stock-card-stock-alert-empty =
    <b>🚫 Запас закончился</b>
    { $product }: новые заказы теперь ждут, пока вы выдадите их вручную
    Пополните с телефона: пришлите .txt-файл с подписью /stock &lt;id товара&gt;.
