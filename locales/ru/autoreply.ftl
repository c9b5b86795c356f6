# autoreply.ts
## /autoreply, /away, and the notice of an automatic answer (HTML unless marked plain)
autoreply-autoreply-usage =
    Как пользоваться:
    /autoreply add &lt;шаблон&gt; &lt;фраза&gt;; &lt;фраза&gt;… — если в сообщении покупателя есть одна из фраз (целыми словами; регистр, ё/е и лишние пробелы не важны), бот отправит ему шаблон, один раз за заказ
    /autoreply — список правил с номерами
    /autoreply del &lt;номер&gt; — удалить правило
    <i>Сначала сохраните шаблон: /template &lt;имя&gt; &lt;текст&gt;.</i>
# plain
autoreply-autoreply-unavailable = Автоответы в этой конфигурации недоступны.
autoreply-autoreply-none =
    Правил автоответа пока нет.
    Добавьте первое: /autoreply add &lt;шаблон&gt; &lt;фраза&gt;; &lt;фраза&gt;…
autoreply-autoreply-list-header = <b>Правила автоответа: { $count }</b>
autoreply-autoreply-list-item = { $number }. <code>{ $template }</code> ← { $phrases }{ $answers ->
        [yes] {""}
       *[no] {" "}<i>(шаблона нет — правило не отвечает)</i>
    }
autoreply-autoreply-list-footer = <i>Отвечает первое подходящее правило, один раз за заказ; когда вас нет на месте, на остальное отвечает шаблон away. Удалить правило: /autoreply del &lt;номер&gt;.</i>
autoreply-autoreply-added = ✓ Правило { $number } добавлено: теперь на { $phrases ->
        [one] эту фразу
       *[other] любую из этих фраз
    } бот отвечает шаблоном <code>{ $template }</code>.
autoreply-autoreply-deleted = ✓ Правило { $number } (<code>{ $template }</code>) удалено.
autoreply-autoreply-no-such-rule = Правила { $number } нет: { $count ->
        [0] правил пока нет.
       *[other] правила пронумерованы от 1 до { $count }, как в списке /autoreply.
    }
autoreply-autoreply-refused-no-template = Не сохранено: шаблона <code>{ $template }</code> нет. Сначала сохраните его: /template { $template } &lt;текст&gt;.
autoreply-autoreply-refused-no-phrase = Не сохранено: после имени шаблона укажите хотя бы одну фразу с буквой или цифрой; фразы разделяются точкой с запятой.
autoreply-autoreply-refused-limit = Не сохранено: { $limit ->
        [phrase-too-long] фраза может быть не длиннее { $max } символов.
        [too-many-phrases] в одном правиле может быть не больше { $max } фраз.
       *[too-many-rules] правил может быть не больше { $max }; сначала удалите какое-нибудь.
    }
autoreply-template-stops-rules = { $count ->
        [one] Его использовало правило автоответа { $numbers }: оно больше не отвечает, пока шаблон не будет сохранён снова.
       *[other] Его использовали правила автоответа { $numbers }: они больше не отвечают, пока шаблон не будет сохранён снова.
    }
autoreply-template-stops-away = Пока вас нет на месте, покупателям больше никто не ответит.
# under the buyer's message; $by: autoreply (a keyword rule) or away
autoreply-auto-answered = 🤖 Бот ответил шаблоном <code>{ $template }</code>{ $by ->
        [away] {" "}(вас нет на месте)
       *[other] {""}
    }
autoreply-auto-answer-failed = 🤖 Не удалось ответить шаблоном <code>{ $template }</code>: { $code }
# plain
autoreply-away-usage = Как пользоваться: /away on, /away off или просто /away, чтобы узнать, что сейчас.
autoreply-away-status = { $away ->
        [yes] 🌙 <b>Вас нет на месте</b>{ $by ->
            [switch] {" "}(/away on)
           *[hours] {" "}(нерабочее время по WORKING_HOURS)
        }{ $changes ->
            [yes] {" "}до { $next }.
           *[no] {" "}до команды /away off.
        }
       *[no] ☀️ <b>Вы на месте</b>{ $changes ->
            [yes] ; с { $next } — нет на месте{ $by ->
                [switch] {" "}(дальше снова по рабочим часам)
               *[hours] {""}
            }.
           *[no] { $hours ->
                [yes] .
               *[no] {" "}(WORKING_HOURS не заданы: до команды /away on).
            }
        }
    }
autoreply-away-template-note = { $exists ->
        [yes] <i>Пока вас нет на месте, шаблон away отвечает написавшему покупателю — один раз за заказ.</i>
       *[no] <i>Шаблона away нет: пока вас нет на месте, покупателям никто не ответит. Сохраните его: /template away &lt;текст&gt;.</i>
    }
