# Torneos (#39).
tournament-which-game = ¿Qué juego? Escribe `tournament create <juego>`, por ejemplo `tournament create sight format=swiss`.
tournament-starts-unreadable = `{ $given }` no es un comienzo: escribe una espera como `2h` o `1d`, o `manual`.
tournament-max-too-many = Un torneo de este formato admite como mucho { $limit } jugadores, no { $max }.
tournament-not-an-action = `{ $word }` no es algo que haga un torneo: escribe `tournament create`, `join`, `leave`, `start`, `standings` o `cancel`.
tournament-not-here = Los torneos se organizan en un canal, no en el canal propio de una partida de torneo.
tournament-busy = El torneo n.º { $number } sigue abierto o en juego aquí; un torneo a la vez por canal.
tournament-none = Aquí no hay ningún torneo abierto ni en juego. Organiza uno con `tournament create <juego>`.
tournament-created = { $organiser } organiza el torneo n.º { $number }: { $game }, { $format }{ $clock }, hasta { $max } jugadores. Apúntate con `tournament join`; { $start }
tournament-starts-manual = quien lo organiza lo empieza con `tournament start`.
tournament-starts-after = empieza solo dentro de { $within }, con al menos { $min } jugadores.
tournament-format-roundrobin = todos contra todos
tournament-format-double = todos contra todos a doble vuelta
tournament-format-swiss-auto = suizo
tournament-format-swiss = suizo a { $rounds } rondas
tournament-joined = { $player } se apunta al torneo n.º { $number } ({ $count ->
    [one] 1 jugador
   *[other] { $count } jugadores
}).
tournament-already-in = Ya estás en el torneo n.º { $number }.
tournament-full = El torneo n.º { $number } está completo ({ $max } jugadores).
tournament-not-open = El torneo n.º { $number } ya empezó: las inscripciones están cerradas.
tournament-not-in = No estás en el torneo n.º { $number }.
tournament-left-open = { $player } deja el torneo n.º { $number } ({ $count ->
    [one] 1 jugador
   *[other] { $count } jugadores
}).
tournament-left-running = { $player } deja el torneo n.º { $number }: pierde por incomparecencia las partidas aún no jugadas.
tournament-not-yours = Solo quien lo organiza ({ $organiser }) o quienes gestionan el servidor pueden hacerlo.
tournament-too-few = El torneo n.º { $number } necesita al menos { $min } jugadores; tiene { $count }.
tournament-lapsed = El torneo n.º { $number } no empezó: necesitaba al menos { $min } jugadores y tenía { $count }.
tournament-cancelled = { $player } cancela el torneo n.º { $number }. Las partidas en curso siguen como partidas normales.
tournament-started = Empieza el torneo n.º { $number } con { $count } jugadores a { $rounds } rondas: { $players }.
tournament-round = Ronda { $round } del torneo n.º { $number }: { $games }. Cada partida empieza en su propio canal.
tournament-pair = { $first } contra { $second }
tournament-bye = { $player } descansa con victoria (bye).
tournament-sits-out = { $player } descansa esta ronda.
tournament-game-start = Torneo n.º { $number }, ronda { $round }: { $title }. { $status }
    { $hint }
tournament-standings-head = Torneo n.º { $number } ({ $game }, { $format }), { $done } de { $total } rondas jugadas:
tournament-line-roundrobin = { $rank }. { $player }: { $points } (Sonneborn-Berger { $sb }){ $left ->
    [yes] , retirado
   *[no] {""}
}
tournament-line-swiss = { $rank }. { $player }: { $points } (Buchholz { $buchholz }, Sonneborn-Berger { $sb }){ $left ->
    [yes] , retirado
   *[no] {""}
}
tournament-running = Aún en juego: { $games }.
tournament-running-game = { $first } contra { $second } en { $channel }
tournament-winner = El torneo n.º { $number } ha terminado: ¡gana { $winner }!
tournament-list-head = Torneos de este canal:
tournament-list-line = n.º { $number }: { $game }, { $format }, { $stage }, { $count ->
    [one] 1 jugador
   *[other] { $count } jugadores
}
tournament-list-none = Aquí aún no hay torneos. Organiza uno con `tournament create <juego>`.
tournament-stage-open = abierto
tournament-stage-running = en juego
tournament-stage-finished = terminado
tournament-stage-cancelled = cancelado
