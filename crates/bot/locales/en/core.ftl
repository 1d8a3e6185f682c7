# The bot's language (`lang`).

lang-now-place = Cairn speaks { $language } here. Change it with `lang en`, `lang ja` or `lang es`.
lang-set-place = Done: Cairn speaks { $language } here from now on.
lang-set-server = Done: Cairn speaks { $language } in this server's public messages from now on. Replies only you see follow your own Discord language.
lang-server-admin-only = Only members who may manage the server change its language. You can still read me in your own Discord language: replies only you see follow it.
lang-unknown = I speak English (`lang en`), Japanese (`lang ja`) and Spanish (`lang es`), not `{ $asked }`.
lang-name-en = English
lang-name-ja = Japanese
lang-name-es = Spanish
