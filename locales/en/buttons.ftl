# buttons.ts
## (plain text; README "Using it" quotes the English ones)
buttons-take = Take
buttons-cancel = Cancel
buttons-deliver = Deliver
buttons-deliver-without-value = Deliver without value
buttons-confirm = Confirm
buttons-back = Back
buttons-replace-item = 🔁 Replace { $hint }
