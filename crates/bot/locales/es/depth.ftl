# Profundidad del resolutor: revisión, problemas, el problema del día.

review-not-an-id = { $word } no es el identificador de una partida: escribe `revisar` para la última partida terminada en este canal, o `revisar` y el identificador del final de la dirección de su página web.
review-no-such-game = Ninguna partida tiene ese identificador.
review-no-game = Todavía no ha terminado ninguna partida en este canal: `revisar` mira la última partida terminada aquí; para otra, escribe `revisar` y su identificador.
review-in-progress = Esta partida aún se está jugando: `revisar` solo mira partidas terminadas.
review-unreadable = El registro de esa partida ya no se puede reproducir, así que no puedo revisarla.
review-queued = Todos los trabajadores de búsqueda están ocupados: la revisión empieza después de { $ahead ->
    [one] una búsqueda
   *[other] { $ahead } búsquedas
} que van delante.
review-started = Revisando { $positions } posiciones con el resolutor (como mucho { $seconds } segundos)…
review-head = Revisión de { $game }, { $first } contra { $second }: { $proven } de { $positions } posiciones demostradas en { $seconds } s.
review-start = Al empezar, { $value }.
review-start-unknown = El comienzo queda fuera del alcance del resolutor.
review-no-turnings = Entre las posiciones demostradas, ningún turno cambió quién gana con juego perfecto.
review-turning = Turno { $number }, { $player } { $turn }: { $before }; después { $after }.{ $instead }
review-value-win = { $seat } gana en { $turns }
review-value-had-win = { $seat } tenía una victoria en { $turns }
review-value-draw = es tablas con juego perfecto
review-value-had-draw = era tablas con juego perfecto
review-winning-instead = { " " }Ganaba en su lugar: { $turn }.
review-drawing-instead = { " " }Hacía tablas en su lugar: { $turn }.
review-more = …y { $count } turnos más así.
review-beyond = { $count ->
    [one] Una posición quedó
   *[other] { $count } posiciones quedaron
} fuera del alcance del resolutor dentro del presupuesto.

puzzle-task = Problema { $id } ({ $game }, puntuación { $rating }): juega { $player } y gana en { $turns } turnos como mucho, contando los de ambos bandos. Responde con `problema <turno>` o con `elegir`.
puzzle-you = Tú
puzzle-none-stored = Todavía no hay problemas: un operador los añade con `cairn puzzles generate`.
puzzle-none-of-game = Todavía no hay problemas de { $game }.
puzzle-unreadable = El problema { $id } ya no se puede reproducir; escribe `problema new` para otro.
puzzle-not-solving = No estás resolviendo ningún problema: escribe `problema` para uno.
puzzle-refused = { $reason }. Escribe `problema` para ver la posición otra vez.
puzzle-whole-turn = Escribe el turno entero de una vez: la respuesta de un problema es un turno entero.
puzzle-unchecked = No pude comprobar esa respuesta a tiempo; envíala otra vez, por favor.
puzzle-already-answered = Esa respuesta llegó después de otra para la misma posición; escribe `problema` para ver dónde estás.
puzzle-solved = ¡Resuelto! { $player } jugó { $turn } y gana. Puntuación de problemas { $rating } ({ $change }).
puzzle-right-reply = Correcto: { $turn }. { $bot } se defiende con { $reply }.
puzzle-right-again = Correcto: { $turn }. Sigues moviendo tú.
puzzle-instead = { " " }Con { $turn } seguías ganando.
puzzle-wrong = No es eso: después de { $turn } ya no hay victoria.{ $instead } Puntuación de problemas { $rating } ({ $change }). Escribe `problema` para otro.
puzzle-rating = Puntuación de problemas de { $player }: { $rating } ({ $solved } resueltos de { $attempts }).
puzzle-rating-none = { $player } todavía no ha intentado ningún problema.

puzzle-daily-done = Ya intentaste el problema del día de aquí; escribe `problema` para otro.
daily-puzzle-head = Problema del día: { $game }.
daily-usage = Escribe `ajustes puzzle=08:00` (UTC), con zona horaria `ajustes puzzle=08:00 zone=Europe/Madrid`, o `ajustes puzzle=off`.
settings-changed-here = { $name } cambió los ajustes de este canal: { $changes }
settings-puzzle-on = puzzle={ $time }: cada día a las { $time } ({ $zone }) se publica aquí un problema.
settings-puzzle-off = puzzle=off: aquí no hay problema del día.
