# El idioma del bot (`lang`).

lang-now-place = Aquí Cairn habla { $language }. Cámbialo con `lang en`, `lang ja` o `lang es`.
lang-set-place = Hecho: a partir de ahora Cairn habla { $language } aquí.
lang-set-server = Hecho: a partir de ahora los mensajes públicos de este servidor serán en { $language }. Las respuestas que solo ves tú siguen el idioma de tu Discord.
lang-server-admin-only = Solo los miembros que pueden gestionar el servidor cambian su idioma. Las respuestas que solo ves tú ya siguen el idioma de tu Discord.
lang-unknown = Hablo inglés (`lang en`), japonés (`lang ja`) y español (`lang es`), no `{ $asked }`.
lang-name-en = inglés
lang-name-ja = japonés
lang-name-es = español

notify-on = Los recordatorios de tus turnos llegan como una mención en el canal de la partida.
notify-off = No recibes recordatorios de turno (una derrota por tiempo se sigue anunciando).
notify-dm = Los recordatorios de tus turnos llegan por mensaje directo.
notify-now = { $state } Cámbialo con `notify on`, `notify off` o `notify dm`.
notify-dm-discord-only = Los recordatorios por mensaje directo no están disponibles aquí; usa `notify on` o `notify off`.
notify-usage = Escribe `notify on` (una mención en el canal), `notify off` (sin recordatorios) o `notify dm` (un mensaje directo, donde la plataforma lo permite).
notify-done = Hecho. { $state }
settings-no-server = Los ajustes pertenecen a un servidor, y esta conversación no está en ninguno.
settings-threads-on = threads=on: cada desafío aceptado lleva su partida a un hilo propio, donde pueda crear hilos.
settings-threads-off = threads=off: las partidas se quedan en el canal donde se aceptó el desafío.
settings-now = Ajustes de este servidor: { $threads } { $web } Los miembros que pueden gestionar el servidor los cambian con `settings threads=on|off` y `settings web=on|off`.
settings-threads-usage = Escribe `settings threads=on`, `settings threads=off`, `settings web=on` o `settings web=off`.
settings-admin-only = Solo los miembros que pueden gestionar este servidor pueden cambiar sus ajustes.
settings-changed = { $name } cambió los ajustes de este servidor: { $changes }
settings-web-on = web=on: las partidas jugadas aquí tienen página web, y las de sus canales públicos cuentan en los registros abiertos y las estadísticas.
settings-web-off = web=off: las partidas jugadas aquí no tienen página web y quedan fuera de los registros abiertos y las estadísticas.

# El bot como rival y los límites de comandos.
rate-limited = Estás enviando comandos más rápido de lo que puedo atenderlos; espera { $seconds } s y vuelve a intentarlo.
bot-thinking = { $bot } está pensando… { $ahead ->
    [one] hay { $ahead } partida
   *[other] hay { $ahead } partidas
} por delante de esta.
bot-move-failed = { $bot } no pudo hacer su jugada. { $problem }
bot-forced-win = esta posición es una victoria forzada para { $seat } en { $turns } { $turns ->
    [one] jugada
   *[other] jugadas
}
bot-best-play-draw = esta posición acaba en empate con el mejor juego

# Duraciones y relojes en palabras (los valores de `clock=` siguen siendo notación).
duration-days = { $count ->
    [one] { $count } día
   *[other] { $count } días
}
duration-hours = { $count ->
    [one] { $count } hora
   *[other] { $count } horas
}
duration-minutes = { $count ->
    [one] { $count } minuto
   *[other] { $count } minutos
}
duration-seconds = { $count ->
    [one] { $count } segundo
   *[other] { $count } segundos
}
duration-pair = { $first } y { $second }
duration-bank = { $start }, con { $increment } más por turno
clock-unit-days = d (días)
clock-unit-hours = h (horas)
clock-unit-minutes = m (minutos)
clock-unit-seconds = s (segundos)
