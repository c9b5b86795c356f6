# stock.ts
## /stock (HTML unless marked plain)
# plain
stock-unavailable = Stock is not available in this setup.
# plain: how a product id is written in the instructions
stock-product-id-placeholder = <productId>
stock-how-to-add = send a .txt file, one key, code or account per line, with the caption /stock { $productId }
stock-empty =
    <b>No stock yet.</b>

    Add some:
    • from here: { stock-how-to-add }
    • on the server: npm run stock -- add { $productId } &lt;file&gt;
    The product id is the one the store shows (/products lists them).
stock-header = <b>📦 Stock: { $products ->
        [one] { $products } product
       *[other] { $products } products
    }</b>
stock-item-title = {" · "}{ $title }
stock-item-next = {" · "}next { $hint }
stock-item-held = {" · "}⚠️ { $held } held
stock-item =
    • { $productId }{ $title }
      { $inStock } left · { $reserved } reserved{ $held } · { $delivered } delivered · { $bad } bad{ $next }
      { $paused ->
        [yes] ⏸ paused: not delivered automatically
       *[no] ▶️ auto-delivery on
    }
# a product the store lists that has no stock yet
stock-no-stock-item = • { $productId }{ $title } · no stock
# orders holding items after the store refused their delivery
stock-held-header = <b>⚠️ Held after a refused delivery</b> (release only if the buyer did not get them)
stock-held-item = • order { $orderId }: { $items ->
        [one] { $items } item
       *[other] { $items } items
    } of { $productId }
stock-more = <i>…and { $count } more: npm run stock -- list shows them all</i>
stock-footer = <i>To add items, { stock-how-to-add }. Pausing keeps the items.</i>
# plain, buttons
stock-pause-button = ⏸ Pause { $product }
stock-resume-button = ▶️ Resume { $product }
stock-release-button = ↩️ Release { $orderId }
stock-release-confirm-button = ✅ Back to stock: { $count } of { $orderId }
stock-release-back-button = Keep them held
# plain, button answers (at most 200 characters)
stock-paused-answer = Auto-delivery paused: { $productId }. Its items are kept.
stock-resumed-answer = Auto-delivery on: { $productId }.
stock-stale-answer = This list is out of date. Send /stock for a fresh one.
stock-release-ask-answer = Put the { $count } held item(s) of { $orderId } back in stock? Only if the buyer did not get them: confirm below.
stock-released-answer = { $count } item(s) of { $orderId } are back in stock.
stock-release-kept-answer = Kept: the items stay held for { $orderId }.
stock-upload-hint = To add items to { $productIdCode }, { stock-how-to-add }.
stock-added = { $productId }: { $added } added, { $skipped } skipped as duplicates, { $inStock } in stock now
stock-nothing-changed = Nothing changed: { $reason }
# the reasons (escaped where they go into HTML)
stock-file-refusals-no-product-id = add the product id to the caption: /stock <productId>
stock-file-refusals-no-store = with several stores, name the store first: /stock <store> <productId> (the stores: { $names })
stock-file-refusals-not-a-document = send the items as a .txt file (attached as a file, not as a photo or media) with the caption /stock <productId>
stock-file-refusals-not-text = only plain text files are taken (.txt, UTF-8), one key, code or account per line
stock-file-refusals-too-large = the file is larger than { $megabytes } MB: split it into smaller files
stock-file-refusals-unavailable = the file could not be downloaded from Telegram; send it again
stock-file-refusals-input = { $code ->
    [STOCK_BAD_PRODUCT_ID] the product id must be one word without spaces, at most { NUMBER($limit, useGrouping: 0) } characters (as the store shows it)
    [STOCK_NO_ITEMS] the file has no items: put one key, code or account per line
    [STOCK_BAD_ENCODING] the file is not valid text: save it as UTF-8 (UTF-16 with a byte-order mark works too)
    [STOCK_BINARY_FILE] the file holds NUL bytes: it is not a text file, or it is UTF-16 without a byte-order mark; save it as UTF-8 text
   *[STOCK_ITEM_TOO_LONG] item { NUMBER($item, useGrouping: 0) } is longer than { NUMBER($limit, useGrouping: 0) } characters: nothing was added
}
