# stock-card.ts
## HTML unless marked plain; items appear only behind a spoiler
stock-card-items = { $count ->
    [one] { $count } ключ
    [few] { $count } ключа
   *[many] { $count } ключей
}
stock-card-stock-delivering = 📦 Выдаём автоматически из запаса ({ stock-card-items })…
stock-card-stock-delivered = <b>📦 Выдано автоматически из запаса</b>
stock-card-stock-items = <tg-spoiler>{ $values }</tg-spoiler>
stock-card-stock-replaced = <i>🔁 Заменено после жалобы покупателя: { stock-card-items }</i>
stock-card-stock-deliver-failed = ⚠️ Автовыдача не удалась: выдайте заказ вручную. Эти ключи удержаны за ним; если покупатель их не получил, верните их в запас через /stock:
stock-card-stock-short = ⚠️ Не выдано автоматически: нужно { stock-card-items }, в запасе { $inStock }
stock-card-stock-paused = ⏸ Не выдано автоматически: автовыдача этого товара на паузе
stock-card-stock-too-many = ⚠️ Не выдано автоматически: слишком много ключей, чтобы выдать их из запаса за раз ({ stock-card-items }): выдайте вручную
stock-card-stock-bad-quantity = ⚠️ Не выдано автоматически: количество в заказе — не целое число
# plain: which of an order's items a Replace button (and its question) is about: its line on the card, and its mask
stock-card-item-hint = №{ $number } { $hint }
stock-card-replace-ask =
    <b>Заменить этот ключ?</b>
    Ключ { $hint } будет помечен нерабочим и больше не выдастся, а покупатель получит следующий из запаса.
# plain, callback answers
stock-card-replace-done = Следующий ключ уже отправляется покупателю.
stock-card-replace-empty = В запасе не осталось ключей для замены: пополните запас и нажмите «Заменить» ещё раз.
stock-card-replace-not-this-order = Этот ключ больше не относится к этому заказу.
stock-card-replace-kept = Оставлено как есть: ничего не заменено.
# plain: goes to the buyer, through the store, as the seller's message
stock-card-replacement-for-buyer =
    Высылаем замену:
    { $item }
stock-card-stock-alert-product = <code>{ $productId }</code>{ $title }
stock-card-stock-alert-title = {" · "}{ $title }
stock-card-stock-alert-low =
    <b>📉 Запас заканчивается</b>
    { $product }: осталось { stock-card-items }
    Пополнить с телефона: пришлите .txt-файл с подписью /stock &lt;id товара&gt;.
stock-card-stock-alert-empty =
    <b>🚫 Запас закончился</b>
    { $product }: новые заказы теперь ждут ручной выдачи
    Пополнить с телефона: пришлите .txt-файл с подписью /stock &lt;id товара&gt;.
