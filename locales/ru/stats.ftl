# stats.ts
## /stats and the daily summary (HTML unless marked plain); days and times come in formatted in the bot's zone
# plain: durations; `none` when there was nothing to measure
stats-duration-none = —
stats-duration-seconds = { $seconds } с
stats-duration-minutes = { $minutes } мин
stats-duration-hours = { $hours } ч { $minutes } мин
stats-duration-days = { $days } дн. { $hours } ч
stats-block =
    { $title }
    Новых оплаченных заказов: { $newOrders }
    Взято в работу: { $taken }
    Выдано: { $delivered } (вручную { $deliveredByHand }, автоматически { $deliveredByBot })
    Отменено: { $cancelled }
    Выручка: { $revenue }
    Медиана от оплаты до взятия в работу: { $medianTake }
    Медиана от сообщения покупателя до первого ответа: { $medianAnswer }
stats-today = <b>📊 Сегодня ({ $day })</b>
stats-last-days = <b>📈 { $days ->
        [1] Последний день
        [one] Последние { $days } день
        [few] Последние { $days } дня
       *[many] Последние { $days } дней
    } ({ $from } – { $to })</b>
stats-footer = Данные на { $day } { $time } (часовой пояс { $timeZone }). «Выдано» и «Выручка» считаются по заказам, выданным за период.
stats-daily-summary-title = <b>🗓 Итоги дня за { $day }</b>
# plain
stats-unavailable = Статистика при этих настройках недоступна.
# plain
stats-usage = Формат: /stats [дни], от 1 до 90 дней (без числа — 7), например /stats 30
## the chart (plain: words drawn in the picture), and its caption (HTML)
stats-chart-title = Продажи за { $days ->
        [1] последний день
        [one] последние { $days } день
        [few] последние { $days } дня
       *[many] последние { $days } дней
    }
stats-chart-orders = Новые оплаченные заказы
stats-chart-revenue = Выручка
# the legend's entry for the stores beyond the chart's colours, drawn as one (9 stores or more: $count is 2 or more)
stats-chart-other-stores = Ещё { $count } { $count ->
        [one] магазин
        [few] магазина
       *[many] магазинов
    }
stats-chart-caption = 📊 { $from } – { $to }: { $orders ->
        [one] { $orders } новый оплаченный заказ
        [few] { $orders } новых оплаченных заказа
       *[many] { $orders } новых оплаченных заказов
    }, выручка { $revenue }
