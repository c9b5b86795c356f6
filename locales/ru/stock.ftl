# stock.ts
## /stock (HTML unless marked plain)
# plain
stock-unavailable = Запас в этой конфигурации недоступен.
# plain: how a product id is written in the instructions
stock-product-id-placeholder = <productId>
stock-how-to-add = пришлите .txt-файл, по одному ключу, коду или аккаунту в строке, с подписью /stock { $productId }
stock-empty =
    <b>Запаса пока нет.</b>

    Как добавить:
    • отсюда: { stock-how-to-add }
    • на сервере: npm run stock -- add { $productId } &lt;файл&gt;
    Id товара — тот, что показывает магазин (/products выводит их).
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
      осталось { $inStock } · в резерве { $reserved }{ $held } · выдано { $delivered } · плохих { $bad }{ $next }
      { $paused ->
        [yes] ⏸ на паузе: не выдаётся автоматически
       *[no] ▶️ автовыдача включена
    }
# a product the store lists that has no stock yet
stock-no-stock-item = • { $productId }{ $title } · запаса нет
# orders holding items after the store refused their delivery
stock-held-header = <b>⚠️ Удержано после отклонённой выдачи</b> (возвращайте в запас, только если покупатель их не получил)
stock-held-item = • заказ { $orderId }: { $items ->
        [one] { $items } единица
        [few] { $items } единицы
       *[many] { $items } единиц
    } товара { $productId }
stock-more = <i>…и ещё { $count }: npm run stock -- list покажет все</i>
stock-footer = <i>Чтобы добавить единицы, { stock-how-to-add }. Пауза сохраняет единицы.</i>
# plain, buttons
stock-pause-button = ⏸ Пауза: { $product }
stock-resume-button = ▶️ Возобновить: { $product }
stock-release-button = ↩️ Вернуть в запас: { $orderId }
stock-release-confirm-button = ✅ Вернуть в запас { $count } из { $orderId }
stock-release-back-button = Оставить удержанными
# plain, button answers (at most 200 characters)
stock-paused-answer = Автовыдача на паузе: { $productId }. Единицы сохранены.
stock-resumed-answer = Автовыдача включена: { $productId }.
stock-stale-answer = Список устарел. Отправьте /stock, чтобы получить свежий.
stock-release-ask-answer = Вернуть в запас удержанные единицы заказа { $orderId } ({ $count })? Только если покупатель их не получил: подтвердите ниже.
stock-released-answer = Единицы заказа { $orderId } ({ $count }) снова в запасе.
stock-release-kept-answer = Оставлено: единицы по-прежнему удержаны за { $orderId }.
stock-upload-hint = Чтобы добавить единицы в { $productIdCode }, { stock-how-to-add }.
stock-added = { $productId }: добавлено { $added }, пропущено повторов { $skipped }, в запасе теперь { $inStock }
stock-nothing-changed = Ничего не изменилось: { $reason }
# the reasons (escaped where they go into HTML)
stock-file-refusals-no-product-id = добавьте id товара в подпись: /stock <productId>
stock-file-refusals-not-a-document = пришлите единицы .txt-файлом (прикреплённым как файл, а не как фото или медиа) с подписью /stock <productId>
stock-file-refusals-not-text = принимаются только текстовые файлы (.txt, UTF-8), по одному ключу, коду или аккаунту в строке
stock-file-refusals-too-large = файл больше { $megabytes } МБ: разделите его на файлы поменьше
stock-file-refusals-unavailable = файл не удалось скачать из Telegram; пришлите его ещё раз
stock-file-refusals-input = { $code ->
    [STOCK_BAD_PRODUCT_ID] id товара должен быть одним словом без пробелов, не длиннее { $limit } символов (как его показывает магазин)
    [STOCK_NO_ITEMS] в файле нет единиц: по одному ключу, коду или аккаунту в строке
    [STOCK_BAD_ENCODING] файл не является текстом: сохраните его в UTF-8 (UTF-16 с меткой порядка байтов тоже подойдёт)
    [STOCK_BINARY_FILE] в файле есть нулевые байты: это не текстовый файл или UTF-16 без метки порядка байтов; сохраните его как текст UTF-8
   *[STOCK_ITEM_TOO_LONG] строка { $item } длиннее { $limit } символов: ничего не добавлено
}
