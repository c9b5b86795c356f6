# commands.ts
## the command list (plain text, Telegram's menu)
commands-description-start = Что это за бот; id этого чата и ваш id
commands-description-help = Как пользоваться ботом
commands-description-orders = Открытые заказы (можно указать статус)
commands-description-order = Карточка и история заказа: /order <id>
commands-description-reply = Написать покупателю заказа: /reply <id>
commands-description-products = Товары с включённой автоматизацией
commands-description-stock = Запас ключей для автовыдачи: список, пауза; чтобы добавить, пришлите .txt
commands-description-status = Состояние связи с магазином
commands-description-templates = Шаблоны ответов
commands-description-template = Сохранить шаблон: /template <имя> <текст>; показать: /template <имя>
commands-description-untemplate = Удалить шаблон: /untemplate <имя>
commands-description-t = Отправить шаблон: ответьте на сообщение заказа командой /t <имя>
commands-description-stats = Заказы, выручка и скорость ответов с графиком: /stats [дни] (по умолчанию 7)
commands-description-export = Таблица (CSV) заказов: /export [дни] (по умолчанию 30)
commands-description-autoreply = Автоответ по ключевым словам: /autoreply add <шаблон> <фраза>; …, /autoreply del <номер>
commands-description-away = Режим «нет на месте»: /away on|off; /away — что сейчас
commands-description-autocancel = Автоотмена невзятых заказов: /autocancel <id товара> <минуты или 0>
commands-description-backup = Зашифрованная копия базы — в ваш личный чат (для администраторов)
commands-description-language = Язык, на котором бот отвечает вам

## /start (HTML)
commands-start-intro = <b>Бот продавца</b>: присылает в этот чат каждый новый оплаченный заказ вашего магазина и каждое сообщение покупателя.
commands-start-how-to = Берите заказ в работу, выдавайте или отменяйте его кнопками на карточке; чтобы ответить покупателю, ответьте на карточку или на его сообщение.
commands-start-trial-bound = 🎉 Пробный режим: заказы будут приходить в этот чат.
commands-start-trial-unbound = Пробный режим: отправьте /start боту в личном чате, чтобы получать заказы туда.
commands-start-chat-configured = ✓ Этот чат (<code>{ $chatId }</code>) — чат заказов.
commands-start-chat-unset = ✗ Чат заказов ещё не задан. Id этого чата — <code>{ $chatId }</code>: укажите его в TELEGRAM_CHAT_ID.
commands-start-chat-other = ✗ Этот чат (<code>{ $chatId }</code>) — не чат заказов (TELEGRAM_CHAT_ID).
commands-start-user-unknown = Ваш id пользователя неизвестен.
commands-start-user-admin = ✓ Вы (пользователь <code>{ $userId }</code>) — администратор: можете брать заказы в работу, выдавать, отменять и отвечать покупателям.
commands-start-user-not-admin = ✗ Вы (пользователь <code>{ $userId }</code>) не администратор: добавьте этот id в TELEGRAM_ADMIN_IDS.

## /help (HTML); the command lines follow, from the command list
commands-help-text =
    <b>Как это работает</b>

    • Новый оплаченный заказ приходит карточкой с кнопками «{ buttons-take }» и «{ buttons-cancel }».
    • «{ buttons-take }» берёт заказ в работу; после этого на карточке будут «{ buttons-deliver }» и «{ buttons-cancel }».
    • «{ buttons-deliver }» просит данные для выдачи (ключ, код, логин) или «{ buttons-deliver-without-value }», показывает, что уйдёт покупателю, и ждёт «{ buttons-confirm }».
    • «{ buttons-cancel }» спрашивает, отменить ли заказ с возвратом денег: «{ buttons-confirm }» или «{ buttons-back }».
    { $forum ->
        [yes] • У каждого заказа своя тема: в ней закреплена карточка и идут сообщения покупателя, а в теме General — строка со ссылкой. Чтобы ответить покупателю, просто напишите в теме заказа; бот скажет, когда ответ отправлен.
       *[no] • Сообщения покупателей приходят ответами на карточку заказа. Чтобы ответить, ответьте на карточку или на сообщение покупателя; бот скажет, когда ответ отправлен.
    }

    <b>Команды</b>
commands-help-command = /{ $command } — { $description }

## /orders, /order, /reply (HTML unless marked plain)
commands-no-open-orders = { $filtered ->
    [yes] Открытых заказов со статусом «{ $status }» нет.
   *[no] Открытых заказов нет.
}
commands-open-orders-header = <b>{ $filtered ->
        [yes] Открытые заказы ({ $status }): { $count }
       *[no] Открытые заказы: { $count }
    }</b>
commands-order-list-item = { $orderId }{ $product }{" · "}{ $status }
commands-order-list-item-product = {" · "}{ $title }
commands-order-list-item-bullet = • { $label }
commands-order-list-item-linked = • { $link } { $label }
# plain: the text of the link to an order's card
commands-order-list-card = карточка
commands-order-list-footer = <i>{ $withLinks ->
        [yes] Нажмите «карточка», чтобы перейти к карточке заказа.
       *[no] Отправьте /order &lt;id&gt;, чтобы показать карточку заказа здесь.
    }</i>
# plain
commands-order-usage = Формат: /order <id заказа>
commands-order-unknown = Бот не знает заказ { $orderId }. Открытые заказы — /orders.
# plain
commands-reply-command-usage = Формат: /reply <id заказа>, затем отправьте текст.

## /products (HTML unless marked plain)
commands-no-products = Нет товаров с включённой автоматизацией.
commands-products-header = <b>Товары с автоматизацией: { $count }</b>
commands-product-item = • <b>{ $title }</b> · <code>{ $productId }</code>{ $price }{ $inactive }{ $fields }
commands-product-item-price = {" — "}{ $price }
commands-product-item-inactive = {" (неактивен)"}
commands-product-item-fields = {"\u000A  "}поля: { $fields }
commands-products-more = <i>…и ещё { $count }</i>
# plain
commands-products-unavailable = Список товаров при этих настройках недоступен.
# plain
commands-products-failed = Не удалось получить товары: { $reason }.
commands-products-store-failed = ⚠️ Магазин <b>{ $store }</b> не ответил: { $reason }.
# plain: the reason when the failure is not the store's answer
commands-products-failed-unasked = не удалось связаться с магазином

## /status (HTML)
commands-status-running = <b>🟢 Связь с магазином работает</b>
commands-status-stopped = <b>⏸ Связь с магазином остановлена</b>
commands-status-last-answer = Последний ответ магазина: { $ago }
commands-status-errors-in-a-row = Ошибок подряд: { $count }
commands-status-last-error = Последняя ошибка: { $code } ({ $ago })
commands-status-no-error = Последняя ошибка: нет
commands-status-outbox = Действий в очереди: { $count }
commands-status-open-orders = Открытых заказов под наблюдением: { $count }
commands-status-chats = Чатов под наблюдением: активных — { $active }, тихих — { $quiet }
commands-status-rate-limit = Лимит запросов к магазину: осталось { $remaining }{ $limit }{ $reset }
commands-status-rate-limit-of = {" из "}{ $limit }
commands-status-rate-limit-reset = , сброс { $at }
commands-status-rate-limit-unknown = Лимит запросов к магазину: магазин его не сообщает
commands-status-requests = Запросов к магазину отправлено: { $count }
commands-ago = { $unit ->
    [never] никогда
    [s] { $n } с назад
    [min] { $n } мин назад
   *[h] { $n } ч назад
}

## /language (HTML unless marked plain)
commands-language-ask = 🌐 Выберите язык, на котором бот будет отвечать вам. Карточки и оповещения в чате заказов остаются на языке чата, заданном в настройках.
# plain: the callback answer and the confirmation, in the newly chosen language
commands-language-chosen = Теперь бот отвечает вам по-русски.
