# callbacks.ts
## plain text, at most 200 characters
callbacks-taking = Берём заказ в работу…
callbacks-cancelling = Отменяем и возвращаем деньги…
callbacks-delivering = Выдаём…
callbacks-already-in-progress = Уже выполняется.
callbacks-already-done = Уже сделано.
callbacks-stale = Эта кнопка больше не работает. Пользуйтесь кнопками на карточке заказа.
callbacks-stale-step = Этот запрос выдачи устарел или открыт другим администратором. Нажмите «{ buttons-deliver }» на карточке заказа ещё раз.
callbacks-cancel-expired = Вопрос устарел, ничего не отменено. Нажмите «{ buttons-cancel }» на карточке заказа ещё раз.
callbacks-cancel-order-moved = Заказ изменился после вопроса, поэтому не отменён.
callbacks-unknown-order = Бот не знает этот заказ.
callbacks-refused = Это могут делать только администраторы магазина из настроек бота.
callbacks-not-here = Заказы обрабатываются только в чате заказов из настроек бота.
callbacks-ok = Готово
