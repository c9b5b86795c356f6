# buttons.ts
## plain text
buttons-take = Взять
buttons-cancel = Отменить
buttons-deliver = Выдать
buttons-deliver-without-value = Выдать без данных
buttons-confirm = Подтвердить
buttons-back = Назад
buttons-replace-item = 🔁 Заменить { $hint }
