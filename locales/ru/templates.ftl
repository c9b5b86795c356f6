# templates.ts
## /template, /untemplate, /templates, /t and the card's Quick reply button (HTML unless marked plain)
# plain, buttons: the card's Quick reply, and the menu it opens
templates-quick-reply-buttons-open = ⚡ Быстрый ответ
templates-quick-reply-buttons-close = ✖ Закрыть
templates-quick-reply-buttons-template = 📝 { $name }
# what a template may say; the braces are what the seller types
templates-placeholder-help = Подстановки: {"{"}order{"}"} {"{"}product{"}"} {"{"}quantity{"}"} {"{"}amount{"}"} {"{"}field:&lt;название поля&gt;{"}"}
templates-template-usage =
    Формат: /template &lt;имя&gt; &lt;текст&gt; — сохранить шаблон (текст может быть в несколько строк); /template &lt;имя&gt; — показать его.
    Имя: буквы, цифры, _ и -.
    { templates-placeholder-help }
    <i>Шаблоны greeting, delivered и confirm-reminder бот отправляет покупателям сам.</i>
# plain
templates-untemplate-usage = Формат: /untemplate <имя>
# plain
templates-use-template-usage = Ответьте на карточку заказа или на любое его сообщение командой /t <имя>.
# plain
templates-unavailable = Шаблоны при этих настройках недоступны.
# plain
templates-template-name-refused = Неподходящее имя шаблона: { $reason ->
    [empty] у шаблона должно быть имя
    [too-long] имя длиннее { $max } { $max ->
        [one] символа
       *[other] символов
    }
   *[bad-characters] в имени могут быть только буквы, цифры, _ и -
}.
templates-template-text-refused-empty = Не сохранено: текст пустой.
templates-template-text-refused-too-long = Не сохранено: в тексте { NUMBER($length, useGrouping: 0) } { $length ->
        [one] символ
        [few] символа
       *[many] символов
    }, а магазин принимает не больше { NUMBER($limit, useGrouping: 0) }.
templates-template-text-refused-unknown-placeholder =
    Не сохранено: неизвестная подстановка <code>{ $placeholder }</code>.
    { templates-placeholder-help }
templates-template-saved = { $replaced ->
    [yes] ✓ Шаблон <code>{ $name }</code> заменён.
   *[no] ✓ Новый шаблон <code>{ $name }</code> сохранён.
}
templates-template-deleted = ✓ Шаблон <code>{ $name }</code> удалён.
templates-template-unknown = Шаблона <code>{ $name }</code> нет. Список шаблонов — /templates.
templates-template-shown =
    <b>{ $name }</b>
    { $body }
templates-no-templates =
    Шаблонов пока нет.
    Сохраните первый: /template &lt;имя&gt; &lt;текст&gt;.
templates-templates-header = <b>Шаблонов: { $count }</b>
templates-template-list-item = • <code>{ $name }</code> — { $body }
templates-templates-footer = <i>Чтобы отправить шаблон, ответьте на сообщение заказа командой /t &lt;имя&gt; или нажмите «{ templates-quick-reply-buttons-open }» на карточке.</i>
templates-rendered-too-long = Не отправлено: шаблон <code>{ $name }</code> для этого заказа даёт { NUMBER($length, useGrouping: 0) } { $length ->
        [one] символ
        [few] символа
       *[many] символов
    }, а магазин принимает не больше { NUMBER($limit, useGrouping: 0) }.
templates-rendered-empty = Не отправлено: шаблон <code>{ $name }</code> для этого заказа получается пустым.
# a field label, quoted; the labels are joined with ", " in the module
templates-field-label = «{ $label }»
templates-missing-fields-note = Обратите внимание: в этом заказе нет { $labels }, в тексте это место осталось пустым.
# plain, button answers (at most 200 characters)
templates-quick-menu-no-templates = Шаблонов пока нет: сохраните первый командой /template <имя> <текст>
templates-quick-menu-opened = Нажмите на шаблон, чтобы отправить его покупателю
templates-quick-menu-closed = Закрыто
templates-quick-menu-stale = Это меню больше не действует
templates-quick-template-queued = «{ $name }» отправляется покупателю
templates-quick-template-refused = { $reason ->
    [gone] «{ $name }» больше не существует
    [empty] «{ $name }» для этого заказа получается пустым
   *[too-long] «{ $name }» для этого заказа получается слишком длинным
}
templates-quick-missing-fields = Быстрый ответ <code>{ $name }</code> к заказу { $orderId }: в заказе нет { $labels }, это место осталось пустым.
