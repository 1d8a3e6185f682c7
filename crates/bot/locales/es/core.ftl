# El idioma del bot (`lang`).

lang-now-place = Aquí Cairn habla { $language }. Cámbialo con `lang en`, `lang ja` o `lang es`.
lang-set-place = Hecho: a partir de ahora Cairn habla { $language } aquí.
lang-set-server = Hecho: a partir de ahora los mensajes públicos de este servidor serán en { $language }. Las respuestas que solo ves tú siguen el idioma de tu Discord.
lang-server-admin-only = Solo los miembros que pueden gestionar el servidor cambian su idioma. Las respuestas que solo ves tú ya siguen el idioma de tu Discord.
lang-unknown = Hablo inglés (`lang en`), japonés (`lang ja`) y español (`lang es`), no `{ $asked }`.
lang-name-en = inglés
lang-name-ja = japonés
lang-name-es = español
