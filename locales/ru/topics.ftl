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
topics-new-order-in-topic = 🛒 Новый заказ { $orderId }{ $product } → { $link }
# plain: the text of the link to the order's topic
topics-open-its-topic = открыть тему
# plain
topics-topic-text-during-deliver = Не отправлено покупателю: по этому заказу открыт запрос выдачи, и этот текст может быть данными для выдачи. Чтобы выдать его, ответьте на запрос выдачи; чтобы отправить покупателю, сначала закройте запрос («{ buttons-back }»).
topics-topics-right-missing =
    ⚠️ <b>Бот не может создавать темы в этой группе-форуме.</b>
    Дайте ему право администратора <b>Управление темами</b> (настройки группы → Администраторы → бот). Пока права нет, карточки заказов публикуются в общей теме General, ничего не теряется.
