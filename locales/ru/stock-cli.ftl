# ops/stock-command.ts: `npm run stock`, plain text for a terminal. Counts are written without digit grouping
# (1000, not 1,000), as the command always printed them.
stock-cli-usage =
    Использование: npm run stock -- <команда>
      add <id товара> <файл|->   добавить ключи, по одному на непустую строку (- читает стандартный ввод); повторы пропускаются
      list                        все товары с запасом: осталось, в резерве, удержано, выдано, нерабочих, пауза
      pause <id товара>           остановить автовыдачу товара (его ключи сохраняются)
      resume <id товара>          снова выдавать товар автоматически
      clear <id товара>           удалить ещё не выданные ключи (выданные и зарезервированные остаются)
      release <id заказа>         вернуть в запас ключи, удержанные за заказом, выдачу которого магазин отклонил
stock-cli-unknown-command = Неизвестная команда «{ $command }».
stock-cli-wrong-arguments = Команде «{ $command }» { $expected ->
        [0] не нужны аргументы
        [one] нужен { $expected } аргумент
        [few] нужно { $expected } аргумента
       *[many] нужно { $expected } аргументов
    }.
stock-cli-added = { $productId }: { $added ->
        [one] добавлен { NUMBER($added, useGrouping: 0) } ключ
        [few] добавлено { NUMBER($added, useGrouping: 0) } ключа
       *[many] добавлено { NUMBER($added, useGrouping: 0) } ключей
    }, пропущено повторов: { NUMBER($skipped, useGrouping: 0) }, в запасе теперь { NUMBER($inStock, useGrouping: 0) }
stock-cli-paused = { $productId }: автовыдача на паузе (ключи сохранены, в запасе { NUMBER($inStock, useGrouping: 0) })
stock-cli-resumed = { $productId }: автовыдача включена (в запасе { NUMBER($inStock, useGrouping: 0) })
stock-cli-cleared = { $productId }: { $removed ->
        [one] удалён { NUMBER($removed, useGrouping: 0) } ключ
        [few] удалено { NUMBER($removed, useGrouping: 0) } ключа
       *[many] удалено { NUMBER($removed, useGrouping: 0) } ключей
    } из запаса (выданные и зарезервированные остаются)
stock-cli-nothing-changed = Ничего не изменилось: { $reason }
# the reasons: what core's input check refused (StockInputError), a select on its code
stock-cli-input-refused = { $code ->
    [STOCK_BAD_PRODUCT_ID] id товара должен быть одним словом без пробелов, не длиннее { NUMBER($limit, useGrouping: 0) } символов (как его показывает магазин)
    [STOCK_NO_ITEMS] в файле нет ключей — нужен один ключ, код или аккаунт на строку
    [STOCK_BAD_ENCODING] файл не является текстом: сохраните его в UTF-8 (UTF-16 с меткой порядка байтов тоже подойдёт)
    [STOCK_BINARY_FILE] в файле есть нулевые байты: это не текстовый файл или UTF-16 без метки порядка байтов; сохраните его как текст UTF-8
   *[STOCK_ITEM_TOO_LONG] строка { NUMBER($item, useGrouping: 0) } длиннее { NUMBER($limit, useGrouping: 0) } символов: ничего не добавлено
}
# $why: the error code of the file system; $file: a path, or stock-cli-standard-input
stock-cli-unreadable = не удаётся прочитать { $file }: { $why ->
    [ENOENT] такого файла нет
    [EISDIR] это папка
    [EACCES] нет доступа
   *[other] его нельзя прочитать
}
stock-cli-standard-input = стандартный ввод
# list
stock-cli-list-empty = Запаса пока нет. Как добавить: npm run stock -- add <id товара> <файл>
stock-cli-list-column = { $column ->
    [product] товар
    [title] название
    [left] осталось
    [reserved] в резерве
    [held] удержано
    [delivered] выдано
    [bad] нерабочих
    [auto] авто
   *[next] следующий
}
stock-cli-list-auto = { $paused ->
    [yes] пауза
   *[no] вкл
}
# held items: an order whose Deliver the store refused keeps its items until a person releases them
stock-cli-list-held = за заказом { $orderId } удержано ключей товара { $productId }: { NUMBER($items, useGrouping: 0) } (магазин отклонил выдачу); если покупатель их не получил: npm run stock -- release { $orderId }
stock-cli-released = { $orderId }: вернули в запас ключей товара { $productId }: { NUMBER($released, useGrouping: 0) }
stock-cli-not-released = { $why ->
    [in-progress] { $orderId } выдаётся прямо сейчас: ничего не возвращено
   *[not-held] за заказом { $orderId } ничего не удержано (npm run stock -- list покажет удержанные): ничего не возвращено
}
