# stock.ts
## /stock (HTML unless marked plain)
# plain
stock-unavailable = Запас при этих настройках недоступен.
# plain: how a product id is written in the instructions
stock-product-id-placeholder = <id товара>
stock-how-to-add = пришлите .txt-файл с подписью /stock { $productId }, по одному ключу, коду или аккаунту в строке
stock-empty =
    <b>Запаса пока нет.</b>

    Как добавить:
    • отсюда: { stock-how-to-add }
    • на сервере: npm run stock -- add { $productId } &lt;файл&gt;
    Id товара — тот, что показывает магазин (список — /products).
stock-header = <b>📦 Запас: { $products ->
        [one] { $products } товар
        [few] { $products } товара
       *[many] { $products } товаров
    }</b>
stock-item-title = {" · "}{ $title }
stock-item-next = {" · "}следующий { $hint }
stock-item-held = {" · "}⚠️ удержано { $held }
stock-item =
    • { $productId }{ $title }
      осталось { $inStock } · в резерве { $reserved }{ $held } · выдано { $delivered } · нерабочих { $bad }{ $next }
      { $paused ->
        [yes] ⏸ на паузе: автоматически не выдаётся
       *[no] ▶️ автовыдача включена
    }
# a product the store lists that has no stock yet
stock-no-stock-item = • { $productId }{ $title } · запаса нет
# orders holding items after the store refused their delivery
stock-held-header = <b>⚠️ Удержано после отклонённой выдачи</b> (возвращайте в запас, только если покупатель их не получил)
stock-held-item = • заказ { $orderId }: { $items ->
        [one] { $items } ключ
        [few] { $items } ключа
       *[many] { $items } ключей
    } товара { $productId }
stock-more = <i>…и ещё { $count }: все покажет npm run stock -- list</i>
stock-footer = <i>Чтобы добавить ключи, { stock-how-to-add }. На паузе ключи сохраняются.</i>
# plain, buttons
stock-pause-button = ⏸ Пауза: { $product }
stock-resume-button = ▶️ Возобновить: { $product }
stock-release-button = ↩️ Вернуть в запас: { $orderId }
stock-release-confirm-button = ✅ Вернуть в запас { $count } из { $orderId }
stock-release-back-button = Оставить удержанными
# plain, button answers (at most 200 characters)
stock-paused-answer = Автовыдача товара { $productId } на паузе, ключи сохранены.
stock-resumed-answer = Автовыдача товара { $productId } включена.
stock-stale-answer = Список устарел. Отправьте /stock, чтобы получить свежий.
stock-release-ask-answer = Вернуть в запас удержанные ключи заказа { $orderId } ({ $count })? Только если покупатель их не получил: подтвердите ниже.
stock-released-answer = Ключи заказа { $orderId } ({ $count }) снова в запасе.
stock-release-kept-answer = Оставлено: ключи по-прежнему удержаны за заказом { $orderId }.
stock-upload-hint = Чтобы добавить ключи в { $productIdCode }, { stock-how-to-add }.
stock-added = { $productId }: добавлено { $added }, пропущено повторов { $skipped }, в запасе теперь { $inStock }
stock-nothing-changed = Ничего не изменилось: { $reason }
# the reasons (escaped where they go into HTML)
stock-file-refusals-no-product-id = добавьте id товара в подпись: /stock <id товара>
stock-file-refusals-no-store = магазинов несколько, сначала назовите магазин: /stock <магазин> <id товара> (магазины: { $names })
stock-file-refusals-not-a-document = пришлите ключи .txt-файлом (прикрепите как файл, а не как фото или медиа) с подписью /stock <id товара>
stock-file-refusals-not-text = принимаются только текстовые файлы (.txt, UTF-8), по одному ключу, коду или аккаунту в строке
stock-file-refusals-too-large = файл больше { $megabytes } МБ: разделите его на файлы поменьше
stock-file-refusals-unavailable = файл не удалось скачать из Telegram; пришлите его ещё раз
stock-file-refusals-input = { $code ->
    [STOCK_BAD_PRODUCT_ID] id товара должен быть одним словом без пробелов, не длиннее { NUMBER($limit, useGrouping: 0) } символов (как его показывает магазин)
    [STOCK_NO_ITEMS] в файле нет ключей — нужен один ключ, код или аккаунт на строку
    [STOCK_BAD_ENCODING] файл не является текстом: сохраните его в UTF-8 (UTF-16 с меткой порядка байтов тоже подойдёт)
    [STOCK_BINARY_FILE] в файле есть нулевые байты: это не текстовый файл или UTF-16 без метки порядка байтов; сохраните его как текст UTF-8
   *[STOCK_ITEM_TOO_LONG] строка { NUMBER($item, useGrouping: 0) } длиннее { NUMBER($limit, useGrouping: 0) } символов: ничего не добавлено
}
