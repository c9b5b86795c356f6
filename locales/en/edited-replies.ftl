# edited-replies.ts
## (HTML unless marked plain)
# plain
edited-replies-edit-offer-button = Send the edited text
edited-replies-edit-offer = ✏️ Edits do not reach the buyer: they have your message as you first sent it. Send the edited text to the buyer of order { $orderId } as a new message?
# plain; the reason (why the edit cannot be sent either) follows after a space
edited-replies-edit-not-forwarded = ✏️ Edits do not reach the buyer: they have your message as you first sent it.
edited-replies-edit-sending = ✉️ The edited text goes to the buyer of order { $orderId } as a new message.
# plain, callback answers
edited-replies-edit-sending-answer = Sending the edited text…
edited-replies-edit-already-sent = Already sent.
edited-replies-edit-offer-expired = This offer has expired. Reply to the order card again with the text.
