# topics.ts
topics-status-emoji = { $status ->
    [paid] 🟢
    [processing] 🛠
    [awaiting_confirmation] 📦
    [cancelled] ✖️
    [completed] ✅
   *[other] ❔
}
# plain, before Telegram's 128-character cut
topics-topic-name = { topics-status-emoji } { $orderId }{ $product }
topics-topic-name-product = {" · "}{ $title }
topics-new-order-in-topic = 🛒 New order { $orderId }{ $product } → { $link }
# plain: the text of the link to the order's topic
topics-open-its-topic = open its topic
# plain
topics-topic-text-during-deliver = Not sent to the buyer: a Deliver step of this order is waiting, and this text may be the issued value. Reply to the Deliver prompt to use it as the value, or finish the step first.
topics-topics-right-missing =
    ⚠️ <b>The bot cannot create topics in this forum group.</b>
    Give it the admin right <b>Manage topics</b> (group settings → Administrators → the bot). Until then orders are posted in the General topic, as cards, and nothing is lost.
