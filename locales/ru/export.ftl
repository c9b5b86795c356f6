# export.ts
## /export: the orders of a period as a CSV file (HTML unless marked plain)
# plain
export-usage = Формат: /export [дни], от 1 до 366 дней (без числа — 30): таблица (CSV) заказов, появившихся за эти дни, например /export 90
export-caption = 🧾 { $count ->
        [one] { $count } заказ
        [few] { $count } заказа
       *[many] { $count } заказов
    }, { $from } – { $to }. Время — часовой пояс { $timeZone }.
# plain
export-empty = За { $days ->
        [one] последний { $days } день
        [few] последние { $days } дня
       *[many] последние { $days } дней
    } заказов нет.
# plain
export-unavailable = Выгрузка в этой конфигурации недоступна.
# plain
export-failed = Не удалось сделать выгрузку ({ $code }). Попробуйте ещё раз; если не получается, причина — в журнале моста.
