# Comodidades de la partida por correspondencia: vacaciones, jugadas
# condicionales, jugadas forzadas, `next`, el resumen diario.

date-day-month = { $day } de { $month }
month-1 = enero
month-2 = febrero
month-3 = marzo
month-4 = abril
month-5 = mayo
month-6 = junio
month-7 = julio
month-8 = agosto
month-9 = septiembre
month-10 = octubre
month-11 = noviembre
month-12 = diciembre

vacation-left = Te quedan { $left } de vacaciones en { $year }.
vacation-on-until = Estás de vacaciones hasta el { $until }.
vacation-planned-state = Tienes vacaciones previstas del { $from } al { $until }.
vacation-auto-is-on = Las vacaciones automáticas están activadas: cuando tu tiempo se fuera a agotar, se gasta en su lugar una hora de vacaciones, mientras te queden.
vacation-auto-is-off = Las vacaciones automáticas están desactivadas (`vacation auto on` gasta una hora cada vez, solo cuando tu tiempo se agotaría).
vacation-auto-on = Vacaciones automáticas activadas: cuando tu tiempo se fuera a agotar, se gasta en su lugar una hora de tus vacaciones, mientras te queden este año.
vacation-auto-off = Vacaciones automáticas desactivadas: tu tiempo se agota como siempre.
vacation-started = Tus vacaciones empiezan ahora y duran hasta el { $until }: tus relojes se detienen y no recibes recordatorios. Te quedan { $left } de vacaciones este año.
vacation-started-open = Tus vacaciones empiezan ahora, hasta `vacation end` o hasta que se agoten las del año, el { $until }: tus relojes se detienen y no recibes recordatorios.
vacation-planned = Tus vacaciones quedan previstas del { $from } al { $until }: entonces tus relojes se detendrán. Te quedan { $left } de vacaciones ese año.
vacation-ended = Tus vacaciones han terminado: tus relojes vuelven a correr. Te quedan { $left } de vacaciones este año.
vacation-cancelled = Tus vacaciones previstas quedan canceladas. Te quedan { $left } de vacaciones este año.
vacation-not-on = No estás de vacaciones ni tienes ningunas previstas.
vacation-already = Ya estás de vacaciones hasta el { $until }; `vacation end` las termina.
vacation-already-planned = Ya tienes vacaciones previstas del { $from } al { $until }; cancélalas antes con `vacation end`.
vacation-none-left = No te quedan vacaciones en { $year }.
vacation-too-long = Pediste { $asked } de vacaciones, pero este año solo te quedan { $left }.
vacation-from-past = El { $day } ya pasó: indica hoy o un día posterior, como `vacation from 2026-12-20 7d`.
vacation-games = Detiene el reloj de { $count ->
    [one] una partida tuya
   *[other] { $count } partidas tuyas
}.
vacation-opponent-away = { $name } está de vacaciones hasta el { $until }: su reloj está detenido.
vacation-usage = Escribe `vacation` (cómo estás), `vacation start 5d` (o `vacation start` hasta que las termines), `vacation from 2026-12-20 7d`, `vacation end` o `vacation auto on|off`.
vacation-bad-days = `{ $word }` no es un número de días: escríbelo como `5d` (de 1 a 366 días).
vacation-bad-date = `{ $word }` no es un día: escríbelo como año-mes-día, por ejemplo `2026-12-20`.
games-on-vacation = ({ $name } de vacaciones hasta el { $until })
games-premoves = ({ $count ->
    [one] una línea condicional tuya en espera
   *[other] { $count } líneas condicionales tuyas en espera
})

premove-played = { $player } responde con una jugada condicional: { $turn }. { $status }.
autoplay-forced = { $player } solo tenía una jugada legal, jugada por su cuenta: { $turn }. { $status }.
premove-your-turn = Es tu turno: juégalo primero. Una línea condicional responde al siguiente turno de tu rival, así que se escribe mientras le toca.
premove-illegal = El turno { $number } de tu línea, { $turn }, no es legal ahí: { $reason }. No se guardó nada.
premove-past-the-end = La partida terminaría antes del turno { $number } de tu línea: termina la línea ahí. No se guardó nada.
premove-too-long = Una línea tiene como mucho { $most } pares (su turno, tu respuesta). No se guardó nada.
premove-pairs = Escribe la línea por pares: su turno y después tu respuesta, por ejemplo `premove e4 f5` (separa los turnos con comas cuando un turno lleva espacios: `premove b2 a4 d1, c3 e5 e1`).
premove-too-many = Ya guardas { $most } líneas en esta partida: `premove clear` las borra.
premove-clash = Una de tus líneas ya responde a { $theirs } con otra jugada que { $mine }: `premoves` las lista, `premove clear` las borra.
premove-kept = Guardada, en privado: { $line }. Tienes { $count ->
    [one] una línea
   *[other] { $count } líneas
} en esta partida.
premove-pair = si { $opponent } juega { $theirs }, respondes { $mine }
premove-then = ; después {""}
premove-cleared = { $count ->
    [0] No tenías jugadas condicionales en esta partida.
    [one] Tu línea condicional de esta partida queda borrada.
   *[other] Tus { $count } líneas condicionales de esta partida quedan borradas.
}
premove-no-game = No juegas ninguna partida en curso aquí.
premoves-none = No tienes jugadas condicionales en esta partida. `premove <su turno> <tu respuesta>` guarda una.
premoves-head = Tus jugadas condicionales aquí (solo tú las ves):
premove-dropped = Tu rival jugó un turno que ninguna de tus líneas condicionales esperaba, así que se borraron.
autoplay-on = Cuando tu única jugada legal es forzada, se juega por ti al momento (`autoplay off` lo detiene).
autoplay-off = Cada turno tuyo te espera, forzado o no (`autoplay on` juega el turno cuando es tu única jugada legal).

next-none = No es tu turno en ninguna de tus partidas.
next-head = Tu partida más urgente: { $game } en {""}
next-tail = . Es tu turno{ $time }.

digest-head = Es tu turno en { $count ->
    [one] una partida
   *[other] { $count } partidas
}:
digest-line = { $game } en {""}
digest-usage = Escribe `notify digest 08:00` (UTC) o con tu zona horaria, `notify digest 08:00 Europe/Madrid`.
digest-bad-time = { $word } no es una hora del día: escribe horas y minutos, como `08:00` o `19:30`.
digest-bad-zone = No conozco la zona horaria { $word }: escribe su nombre IANA, como `Europe/Madrid`, `America/Mexico_City` o `Asia/Tokyo`.
notify-digest = Un resumen llega una vez al día por mensaje directo con las partidas en las que es tu turno; solo el recordatorio urgente (cuando te queda una décima del tiempo) llega aparte.
notify-digest-at = Un resumen llega cada día a las { $time } ({ $zone }) por mensaje directo con las partidas en las que es tu turno; solo el recordatorio urgente (cuando te queda una décima del tiempo) llega aparte.
vacation-player-away = { $name } está de vacaciones hasta el { $until }.
