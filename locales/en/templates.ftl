# templates.ts
## /template, /untemplate, /templates, /t and the card's Quick reply button (HTML unless marked plain)
# plain, buttons: the card's Quick reply, and the menu it opens
templates-quick-reply-buttons-open = ⚡ Quick reply
templates-quick-reply-buttons-close = ✖ Close
templates-quick-reply-buttons-template = 📝 { $name }
# what a template may say; the braces are what the seller types
templates-placeholder-help = Placeholders: {"{"}order{"}"} {"{"}product{"}"} {"{"}quantity{"}"} {"{"}amount{"}"} {"{"}field:&lt;label&gt;{"}"}
templates-template-usage =
    Usage: /template &lt;name&gt; &lt;text&gt; saves a template (the text may have several lines); /template &lt;name&gt; shows it.
    Names: letters, digits, _ and -.
    { templates-placeholder-help }
    <i>greeting, delivered and confirm-reminder are sent to buyers by themselves.</i>
# plain
templates-untemplate-usage = Usage: /untemplate <name>
# plain
templates-use-template-usage = Reply to an order card or to a message of an order with /t <name>.
# plain
templates-unavailable = Templates are not available in this setup.
# plain
templates-template-name-refused = Bad template name: { $reason ->
    [empty] a template needs a name
    [too-long] the name is longer than { $max } characters
   *[bad-characters] a name may have only letters, digits, _ and -
}.
templates-template-text-refused-empty = Not saved: the text is empty.
templates-template-text-refused-too-long = Not saved: the text has { NUMBER($length, useGrouping: 0) } characters, more than the store's { NUMBER($limit, useGrouping: 0) }.
templates-template-text-refused-unknown-placeholder =
    Not saved: unknown placeholder <code>{ $placeholder }</code>.
    { templates-placeholder-help }
templates-template-saved = { $replaced ->
    [yes] ✓ Template <code>{ $name }</code> replaced.
   *[no] ✓ New template <code>{ $name }</code> saved.
}
templates-template-deleted = ✓ Template <code>{ $name }</code> deleted.
templates-template-unknown = No template <code>{ $name }</code>. /templates lists them.
templates-template-shown =
    <b>{ $name }</b>
    { $body }
templates-no-templates =
    No templates yet.
    Save one with /template &lt;name&gt; &lt;text&gt;.
templates-templates-header = <b>Templates: { $count }</b>
templates-template-list-item = • <code>{ $name }</code> — { $body }
templates-templates-footer = <i>Reply to an order message with /t &lt;name&gt;, or tap “{ templates-quick-reply-buttons-open }” on a card.</i>
templates-rendered-too-long = Not sent: <code>{ $name }</code> gives { NUMBER($length, useGrouping: 0) } characters for this order, more than the store's { NUMBER($limit, useGrouping: 0) }.
templates-rendered-empty = Not sent: <code>{ $name }</code> gives an empty text for this order.
# a field label, quoted; the labels are joined with ", " in the module
templates-field-label = “{ $label }”
templates-missing-fields-note = Note: this order has no { $labels }: left empty in the text.
# plain, button answers (at most 200 characters)
templates-quick-menu-no-templates = No templates yet: save one with /template <name> <text>
templates-quick-menu-opened = Tap a template to send it to the buyer
templates-quick-menu-closed = Closed
templates-quick-menu-stale = This menu is no longer valid
templates-quick-template-queued = “{ $name }” is on its way to the buyer
templates-quick-template-refused = { $reason ->
    [gone] “{ $name }” no longer exists
    [empty] “{ $name }” is empty for this order
   *[too-long] “{ $name }” is too long for this order
}
templates-quick-missing-fields = Quick reply <code>{ $name }</code> to order { $orderId }: no { $labels } in this order, left empty.
