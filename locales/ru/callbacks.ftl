# callbacks.ts
## plain text, at most 200 characters
callbacks-taking = Берём заказ…
callbacks-cancelling = Отменяем и возвращаем деньги…
callbacks-delivering = Выдаём…
callbacks-already-in-progress = Уже выполняется.
callbacks-already-done = Уже сделано.
callbacks-stale = Эта кнопка больше не действует. Воспользуйтесь кнопками на карточке заказа.
callbacks-stale-step = Этот шаг истёк или принадлежит другому администратору. Нажмите «{ buttons-deliver }» на карточке заказа ещё раз.
callbacks-cancel-expired = Вопрос устарел: ничего не отменено. Нажмите «{ buttons-cancel }» на карточке заказа ещё раз.
callbacks-cancel-order-moved = С момента вопроса заказ изменился: он не отменён.
callbacks-unknown-order = Этот мост не знает такого заказа.
callbacks-refused = Это могут делать только администраторы магазина, указанные в настройках моста.
callbacks-not-here = Заказы обрабатываются только в настроенном чате.
callbacks-ok = OK
