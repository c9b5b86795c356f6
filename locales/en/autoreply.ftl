# autoreply.ts
## /autoreply, /away, and the notice of an automatic answer (HTML unless marked plain)
autoreply-autoreply-usage =
    Usage:
    /autoreply add &lt;template&gt; &lt;phrase&gt;; &lt;phrase&gt;… — a buyer whose message has one of the phrases (whole words; case, ё/е and spaces ignored) gets the template, once per order
    /autoreply — the rules, numbered
    /autoreply del &lt;number&gt; — delete a rule
    <i>Save the template first: /template &lt;name&gt; &lt;text&gt;.</i>
# plain
autoreply-autoreply-unavailable = Automatic answers are not available in this setup.
autoreply-autoreply-none =
    No keyword rules yet.
    Add one: /autoreply add &lt;template&gt; &lt;phrase&gt;; &lt;phrase&gt;…
autoreply-autoreply-list-header = <b>Keyword rules: { $count }</b>
autoreply-autoreply-list-item = { $number }. <code>{ $template }</code> ← { $phrases }{ $answers ->
        [yes] {""}
       *[no] {" "}<i>(no such template: not answering)</i>
    }
autoreply-autoreply-list-footer = <i>The first matching rule answers, once per order; while you are away, the template away answers the rest. /autoreply del &lt;number&gt; deletes a rule.</i>
autoreply-autoreply-added = ✓ Rule { $number } added: <code>{ $template }</code> answers { $phrases ->
        [one] its phrase
       *[other] any of its { $phrases } phrases
    } from now on.
autoreply-autoreply-deleted = ✓ Rule { $number } (<code>{ $template }</code>) deleted.
autoreply-autoreply-no-such-rule = No rule { $number }: { $count ->
        [0] there are no rules yet.
       *[other] the rules are numbered 1 to { $count }, as /autoreply lists them.
    }
autoreply-autoreply-refused-no-template = Not saved: no template <code>{ $template }</code>. Save it first: /template { $template } &lt;text&gt;.
autoreply-autoreply-refused-no-phrase = Not saved: name at least one phrase with a letter or a digit after the template; separate phrases with ;
autoreply-autoreply-refused-limit = Not saved: { $limit ->
        [phrase-too-long] a phrase may have at most { $max } characters.
        [too-many-phrases] a rule may have at most { $max } phrases.
       *[too-many-rules] there may be at most { $max } rules; delete one first.
    }
autoreply-template-stops-rules = { $count ->
        [one] Keyword rule { $numbers } used it: it no longer answers until you save the template again.
       *[other] Keyword rules { $numbers } used it: they no longer answer until you save the template again.
    }
autoreply-template-stops-away = Buyers are no longer answered while you are away.
# under the buyer's message; $by: autoreply (a keyword rule) or away
autoreply-auto-answered = 🤖 Answered with <code>{ $template }</code>{ $by ->
        [away] {" "}(you are away)
       *[other] {""}
    }
autoreply-auto-answer-failed = 🤖 Could not answer with <code>{ $template }</code>: { $code }
# plain
autoreply-away-usage = Usage: /away on, /away off, or /away to see the state.
autoreply-away-status = { $away ->
        [yes] 🌙 <b>You are away</b>{ $by ->
            [switch] {" "}(/away on)
           *[hours] {" "}(outside WORKING_HOURS)
        }{ $changes ->
            [yes] , until { $next }.
           *[no] , until /away off.
        }
       *[no] ☀️ <b>You are working</b>{ $changes ->
            [yes] ; away from { $next }{ $by ->
                [switch] {" "}(the working hours take over again)
               *[hours] {""}
            }.
           *[no] { $hours ->
                [yes] .
               *[no] {" "}(no WORKING_HOURS: until /away on).
            }
        }
    }
autoreply-away-template-note = { $exists ->
        [yes] <i>The template away answers a buyer who writes while you are away, once per order.</i>
       *[no] <i>No template away: nobody is answered while you are away. Save one: /template away &lt;text&gt;.</i>
    }
