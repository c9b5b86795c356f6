# commands.ts
## the command list (plain text, Telegram's menu)
commands-description-start = Что это за бот, и id вашего чата и пользователя
commands-description-help = Как пользоваться мостом
commands-description-orders = Открытые заказы, можно с одним статусом
commands-description-order = Показать карточку и историю заказа: /order <id>
commands-description-reply = Написать покупателю заказа: /reply <id>
commands-description-products = Товары с включённой автоматизацией
commands-description-stock = Запас для автовыдачи: список, пауза, возобновление; пришлите .txt, чтобы добавить
commands-description-status = Состояние связи с магазином
commands-description-templates = Список шаблонов ответов
commands-description-template = Сохранить шаблон: /template <имя> <текст>; показать: /template <имя>
commands-description-untemplate = Удалить шаблон: /untemplate <имя>
commands-description-t = Ответьте на сообщение заказа командой /t <имя>, чтобы отправить шаблон
commands-description-stats = Заказы, выручка и время ответа с графиком: /stats [дни] (по умолчанию 7)
commands-description-export = Таблица (CSV) заказов: /export [дни] (по умолчанию 30)
commands-description-autoreply = Автоответ по ключевым словам: /autoreply add <шаблон> <фраза>; …, /autoreply del <номер>
commands-description-away = Режим «нет на месте»: /away on|off; /away — что сейчас
commands-description-autocancel = Автоотмена невзятых заказов товара: /autocancel <productId> <минуты|off>
commands-description-backup = Зашифрованная резервная копия базы — в ваш личный чат (админы)
commands-description-language = Ваш язык для ответов бота вам

## /start (HTML)
commands-start-intro = <b>Мост продавца</b>: приносит в этот чат каждый новый оплаченный заказ и каждое сообщение покупателя вашего магазина.
commands-start-how-to = Берите, выдавайте или отменяйте заказ кнопками на его карточке; отвечайте покупателю ответом на карточку или на его сообщение.
commands-start-trial-bound = 🎉 Пробный режим: этот чат привязан. Новые заказы будут появляться здесь.
commands-start-trial-unbound = Пробный режим: отправьте /start в личном чате с этим ботом, чтобы получать заказы туда.
commands-start-chat-configured = ✓ Этот чат (<code>{ $chatId }</code>) — тот, куда публикуются заказы.
commands-start-chat-unset = ✗ Чат ещё не настроен. Id этого чата — <code>{ $chatId }</code>: укажите его в TELEGRAM_CHAT_ID.
commands-start-chat-other = ✗ Этот чат (<code>{ $chatId }</code>) — не настроенный чат (TELEGRAM_CHAT_ID).
commands-start-user-unknown = Ваш id пользователя неизвестен.
commands-start-user-admin = ✓ Вы (пользователь <code>{ $userId }</code>) можете брать, выдавать, отменять заказы и отвечать.
commands-start-user-not-admin = ✗ Вы (пользователь <code>{ $userId }</code>) не администратор: добавьте этот id в TELEGRAM_ADMIN_IDS.

## /help (HTML); the command lines follow, from the command list
commands-help-text =
    <b>Как это работает</b>

    • Новый оплаченный заказ приходит карточкой с кнопками «{ buttons-take }» и «{ buttons-cancel }».
    • «{ buttons-take }» берёт его в работу; затем на карточке будут «{ buttons-deliver }» и «{ buttons-cancel }».
    • «{ buttons-deliver }» спрашивает данные для выдачи (или «{ buttons-deliver-without-value }»), показывает их, затем «{ buttons-confirm }».
    • «{ buttons-cancel }» спрашивает «отменить и вернуть деньги?» с кнопками «{ buttons-confirm }» и «{ buttons-back }».
    • Сообщения покупателей приходят ответами на карточку их заказа. Чтобы ответить, ответьте на карточку или на сообщение покупателя; мост скажет, когда оно отправлено.

    <b>Команды</b>
commands-help-command = /{ $command } — { $description }

## /orders, /order, /reply (HTML unless marked plain)
commands-no-open-orders = { $filtered ->
    [yes] Нет открытых заказов со статусом «{ $status }».
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
       *[no] Отправьте /order &lt;id&gt;, чтобы вызвать карточку заказа сюда.
    }</i>
# plain
commands-order-usage = Как вызвать: /order <id заказа>
commands-order-unknown = Этот мост не знает заказ { $orderId }. /orders покажет открытые.
# plain
commands-reply-command-usage = Как вызвать: /reply <id заказа>, затем отправьте текст.

## /products (HTML unless marked plain)
commands-no-products = Нет товаров с включённой автоматизацией.
commands-products-header = <b>Товары с автоматизацией: { $count }</b>
commands-product-item = • <b>{ $title }</b>{ $price }{ $inactive }{ $fields }
commands-product-item-price = {" — "}{ $price }
commands-product-item-inactive = {" (неактивен)"}
commands-product-item-fields = {"\u000A  "}поля: { $fields }
commands-products-more = <i>…и ещё { $count }</i>
# plain
commands-products-unavailable = Список товаров в этой конфигурации недоступен.
# plain
commands-products-failed = Не удалось прочитать товары: { $reason }.
# plain: the reason when the failure is not the store's answer
commands-products-failed-unasked = магазин не удалось спросить

## /status (HTML)
commands-status-running = <b>🟢 Синхронизация работает</b>
commands-status-stopped = <b>⏸ Синхронизация остановлена</b>
commands-status-last-answer = Последний ответ магазина: { $ago }
commands-status-errors-in-a-row = Ошибок подряд: { $count }
commands-status-last-error = Последняя ошибка: { $code } ({ $ago })
commands-status-no-error = Последняя ошибка: нет
commands-status-outbox = Действий в очереди: { $count }
commands-status-open-orders = Открытых заказов под наблюдением: { $count }
commands-status-chats = Чатов под наблюдением: { $active } активных, { $quiet } тихих
commands-status-rate-limit = Лимит запросов магазина: осталось { $remaining }{ $limit }{ $reset }
commands-status-rate-limit-of = {" из "}{ $limit }
commands-status-rate-limit-reset = , сброс { $at }
commands-status-rate-limit-unknown = Лимит запросов магазина: не сообщается
commands-status-requests = Запросов к магазину отправлено: { $count }
commands-ago = { $unit ->
    [never] никогда
    [s] { $n } с назад
    [min] { $n } мин назад
   *[h] { $n } ч назад
}

## /language (HTML unless marked plain)
commands-language-ask = 🌐 Выберите язык ответов бота вам. Карточки и оповещения в чате заказов остаются на языке чата (BOT_LANGUAGE).
# plain: the callback answer and the confirmation, in the newly chosen language
commands-language-chosen = Теперь бот отвечает вам по-русски.
