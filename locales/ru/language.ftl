# The language's own name, on its /language button.
language-name = Русский
