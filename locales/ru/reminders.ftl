# reminders.ts
## Reminders, auto-cancel notices and /autocancel (HTML unless marked plain)
## $minutes comes formatted (whole minutes waited, at least 1; a rule's minutes as set); $product is reminders-product or empty
reminders-product = {" · "}{ $title }
reminders-untaken-reminder =
    ⏰ Заказ { $orderId }{ $product } всё ещё не взят в работу ({ $minutes } мин).
    <i>Напоминание { $nth } из { $of }. Нажмите «{ buttons-take }» ниже или на карточке.</i>
reminders-unanswered-reminder =
    ⏰ Покупатель заказа { $orderId }{ $product } ждёт ответа ({ $minutes } мин).
    <i>Чтобы ответить, ответьте на его сообщение или на это.</i>
reminders-auto-cancel-warning =
    ⚠️ Заказ { $orderId }{ $product } будет автоматически отменён с возвратом денег через { $in }.
    <i>Его ещё никто не взял. Нажмите «{ buttons-take }», чтобы оставить заказ.</i>
## several due at once: one message; $order is the order's id, linked to its card where the chat has links
reminders-grouped-header = <b>⏰ { $items ->
        [1] Требует внимания: { $items }
       *[other] Требуют внимания: { $items }
    }</b>
reminders-grouped-untaken = • 🟢 { $order }{ $product } — не взят уже { $minutes } мин
reminders-grouped-unanswered = • 💬 { $order }{ $product } — покупатель ждёт ответа { $minutes } мин: ответьте на его сообщение или /reply { $orderId }
reminders-grouped-auto-cancel = • ⚠️ { $order }{ $product } — автоотмена через { $in }
reminders-grouped-more = <i>…и ещё { $more }.</i>
reminders-grouped-footer = <i>{ $withButtons ->
        [yes] Кнопки «{ buttons-take }» ниже берут заказы в работу; чтобы ответить покупателю, ответьте на его сообщение.
       *[no] Чтобы ответить покупателю, ответьте на его сообщение.
    }</i>
# plain: a Take button of a grouped reminder names its order
reminders-take-order-button = { buttons-take } { $orderId }
## auto-cancel outcomes (notices)
reminders-auto-cancelled =
    ✖️ Заказ { $orderId }{ $product } отменён автоматически: его никто не взял за { $minutes } мин.
    { $sorrySent ->
        [yes] Деньги возвращены покупателю, ему отправляется ваш шаблон с извинениями (sorry).
       *[no] Деньги возвращены покупателю.
    }
reminders-auto-cancel-failed = ⚠️ Заказ { $orderId } не отменён автоматически: { $code ->
        [ORDER_INVALID_STATUS] его уже взяли в работу или он в другом статусе.
        [unknown] магазин отказал без кода ошибки.
       *[other] магазин отказал ({ $code }).
    }
## /autocancel
# plain
reminders-autocancel-unavailable = Автоотмена при этих настройках недоступна.
reminders-autocancel-usage =
    <b>Автоотмена</b>
    /autocancel — товары с автоотменой
    /autocancel &lt;id товара&gt; &lt;минуты&gt; — отменять с возвратом денег оплаченные заказы товара, которые никто не взял за это время; на полпути придёт предупреждение
    /autocancel &lt;id товара&gt; 0 — выключить
    <i>Пока вы её не включите, автоотмены нет ни у одного товара. Id товаров покажет /products.</i>
# $max: the most minutes /autocancel takes (a week)
reminders-autocancel-bad-minutes = Укажите время в минутах, не больше { NUMBER($max, useGrouping: 0) } (неделя); 0 выключает автоотмену. <i>Пример: /autocancel &lt;id товара&gt; 30</i>
reminders-autocancel-none = Автоотмена не включена ни для одного товара. <i>Включить: /autocancel &lt;id товара&gt; &lt;минуты&gt;.</i>
reminders-autocancel-list-header = <b>Автоотмена: { $products ->
        [one] { $products } товар
        [few] { $products } товара
       *[many] { $products } товаров
    }</b>
reminders-autocancel-list-item = • { $productId } — через { $minutes } мин
reminders-autocancel-set =
    ✓ Оплаченные заказы товара { $productId }, которые никто не возьмёт в работу за { $minutes } мин, будут отменяться с возвратом денег.
    <i>На полпути придёт предупреждение. Заказы, которые уже ждут, отсчитываются с этой минуты. Выключить: /autocancel { $productId } 0.</i>
reminders-autocancel-set-unchecked = <i>Проверить id товара не удалось (магазин не ответил): сверьтесь со списком /products.</i>
reminders-autocancel-unknown-product = Среди товаров с автоматизацией нет товара { $productId }, ничего не изменилось. <i>Список — /products.</i>
reminders-autocancel-off = { $wasOn ->
        [yes] ✓ Автоотмена для товара { $productId } выключена.
       *[no] У товара { $productId } автоотмены не было.
    }
## time left until an automatic step
reminders-in-seconds = { $seconds } с
reminders-in-minutes = { $minutes } мин
