# ops/stock-command.ts: `npm run stock`, plain text for a terminal. Counts are written without digit grouping
# (1000, not 1,000), as the command always printed them.
stock-cli-usage =
    Usage: npm run stock -- <command>
      add <productId> <file|->   add one item per non-empty line (- reads standard input); duplicates are skipped
      list                        every product with stock: items left, reserved, held, delivered, bad, paused
      pause <productId>           stop auto-delivery of this product (its items stay)
      resume <productId>          auto-deliver this product again
      clear <productId>           remove the items not handed out yet (delivered and reserved ones stay)
      release <orderId>           put back in stock the items held for an order whose delivery the store refused
stock-cli-unknown-command = Unknown command "{ $command }".
stock-cli-wrong-arguments = "{ $command }" takes { $expected ->
        [0] no arguments
       *[other] { $expected } argument(s)
    }.
stock-cli-added = { $productId }: { NUMBER($added, useGrouping: 0) } added, { NUMBER($skipped, useGrouping: 0) } skipped as duplicates, { NUMBER($inStock, useGrouping: 0) } in stock now
stock-cli-paused = { $productId }: auto-delivery paused ({ NUMBER($inStock, useGrouping: 0) } items kept)
stock-cli-resumed = { $productId }: auto-delivery on ({ NUMBER($inStock, useGrouping: 0) } items in stock)
stock-cli-cleared = { $productId }: { NUMBER($removed, useGrouping: 0) } items removed from stock (delivered and reserved items are kept)
stock-cli-nothing-changed = Nothing changed: { $reason }
# the reasons: what core's input check refused (StockInputError), a select on its code
stock-cli-input-refused = { $code ->
    [STOCK_BAD_PRODUCT_ID] the product id must be one word without spaces, at most { NUMBER($limit, useGrouping: 0) } characters (as the store shows it)
    [STOCK_NO_ITEMS] the file has no items: put one key, code or account per line
    [STOCK_BAD_ENCODING] the file is not valid text: save it as UTF-8 (UTF-16 with a byte-order mark works too)
    [STOCK_BINARY_FILE] the file holds NUL bytes: it is not a text file, or it is UTF-16 without a byte-order mark; save it as UTF-8 text
   *[STOCK_ITEM_TOO_LONG] item { NUMBER($item, useGrouping: 0) } is longer than { NUMBER($limit, useGrouping: 0) } characters: nothing was added
}
# $why: the error code of the file system; $file: a path, or stock-cli-standard-input
stock-cli-unreadable = cannot read { $file }: { $why ->
    [ENOENT] no such file
    [EISDIR] it is a folder
    [EACCES] permission denied
   *[other] it cannot be read
}
stock-cli-standard-input = standard input
# list
stock-cli-list-empty = No stock yet. Add some: npm run stock -- add <productId> <file>
stock-cli-list-column = { $column ->
    [product] product
    [title] title
    [left] left
    [reserved] reserved
    [held] held
    [delivered] delivered
    [bad] bad
    [auto] auto
   *[next] next
}
stock-cli-list-auto = { $paused ->
    [yes] paused
   *[no] on
}
# held items: an order whose Deliver the store refused keeps its items until a person releases them
stock-cli-list-held = { $orderId } holds { NUMBER($items, useGrouping: 0) } item(s) of { $productId } after a refused delivery; if the buyer did not get them: npm run stock -- release { $orderId }
stock-cli-released = { $orderId }: { NUMBER($released, useGrouping: 0) } item(s) back in stock of { $productId }
stock-cli-not-released = { $why ->
    [in-progress] { $orderId } is being delivered right now: nothing released
   *[not-held] { $orderId } holds no items (npm run stock -- list shows the held ones): nothing released
}
