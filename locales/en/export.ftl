# export.ts
## /export: the orders of a period as a CSV file (HTML unless marked plain)
# plain
export-usage = Usage: /export [days], from 1 to 366 days (30 when left out): a spreadsheet (CSV) of the orders first seen in those days, e.g. /export 90
export-caption = 🧾 { $count ->
        [one] { $count } order
       *[other] { $count } orders
    }, { $from } – { $to }. Times in { $timeZone } time.
# plain
export-empty = No orders in { $days ->
        [one] the last day
       *[other] the last { $days } days
    }.
# plain
export-unavailable = The export is not available in this setup.
# plain
export-failed = The export could not be made ({ $code }). Try again; if it keeps failing, the bridge's log says why.
