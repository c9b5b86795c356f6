# stats.ts
## /stats and the daily summary (HTML unless marked plain); days and times come in formatted in the bot's zone
# plain: durations; `none` when there was nothing to measure
stats-duration-none = —
stats-duration-seconds = { $seconds } s
stats-duration-minutes = { $minutes } min
stats-duration-hours = { $hours } h { $minutes } min
stats-duration-days = { $days } d { $hours } h
stats-block =
    { $title }
    New paid orders: { $newOrders }
    Taken: { $taken }
    Delivered: { $delivered } (by hand { $deliveredByHand }, automatically { $deliveredByBot })
    Cancelled: { $cancelled }
    Revenue: { $revenue }
    Median time paid → taken: { $medianTake }
    Median time buyer message → first answer: { $medianAnswer }
stats-today = <b>📊 Today ({ $day })</b>
stats-last-days = <b>📈 Last { $days ->
        [one] day
       *[other] { $days } days
    } ({ $from } – { $to })</b>
stats-footer = As of { $day } { $time }, { $timeZone } time. Delivered and revenue count orders delivered in the period.
stats-daily-summary-title = <b>🗓 Daily summary for { $day }</b>
# plain
stats-unavailable = Statistics are not available in this setup.
# plain
stats-usage = Usage: /stats [days], from 1 to 90 days (7 when left out), e.g. /stats 30
## the chart (plain: words drawn in the picture), and its caption (HTML)
stats-chart-title = Sales, last { $days ->
        [one] day
       *[other] { $days } days
    }
stats-chart-orders = New paid orders
stats-chart-revenue = Revenue
# the legend's entry for the stores beyond the chart's colours, drawn as one (9 stores or more: $count is 2 or more)
stats-chart-other-stores = { $count } more stores
stats-chart-caption = 📊 { $from } – { $to }: { $orders ->
        [one] { $orders } new paid order
       *[other] { $orders } new paid orders
    }, revenue { $revenue }
