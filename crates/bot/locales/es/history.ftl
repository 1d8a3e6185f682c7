# Historial de partidas: registros, puntuaciones y clasificaciones.

history-no-game = No hay ninguna partida en este canal que mostrar; la repetición y el registro de una partida se quedan aquí cuando termina, hasta que empieza otra. Empieza una con `challenge <juego> <oponente>`.
export-broken = Lo siento: las jugadas guardadas de esta partida no se pueden reproducir, así que no puedo escribir su registro.
export-done = El registro de { $game } ({ $turns ->
    [one] { $turns } jugada
   *[other] { $turns } jugadas
}): JSON en el formato de registro de partidas de Abstract Play, y texto (`cairn position <juego> --record <file>` reproduce cualquiera de los dos).
export-json-description = Registro de la partida { $game }
export-text-description = Registro de la partida { $game } en texto

rating-record = { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}: { $wins ->
    [one] { $wins } victoria
   *[other] { $wins } victorias
}, { $losses ->
    [one] { $losses } derrota
   *[other] { $losses } derrotas
}{ $draws ->
    [0] {""}
    [one] , { $draws } empate
   *[other] , { $draws } empates
}
rating-provisional = { $rating } (provisional hasta que su desviación, ahora { $deviation }, sea { $limit } o menos)
rating-established = { $rating } (desviación { $deviation })
rating-line = { $game }: { $rating }; { $record }.
rating-none = { $name } aún no tiene ninguna partida puntuada.
rating-none-in = { $name } aún no tiene ninguna partida puntuada de { $game }.
rating-unrated-note = Cuentan las partidas entre dos personas en las que cada jugador hizo al menos dos jugadas, terminen como terminen; las partidas contra el bot no cuentan.
rating-head = Puntuaciones de { $name } (Glicko-2):
rating-head-in = Puntuación de { $name } en { $game } (Glicko-2):

leaderboard-usage = Escribe `leaderboard <juego>` para este servidor o sala, o `leaderboard <juego> all` para todos los que juegan con el bot.
leaderboard-which-game = ¿Qué juego? { $usage } Juegos: { $games }.
leaderboard-not-a-scope = `{ $scope }` no es un alcance. { $usage }
leaderboard-everywhere = en todas partes
leaderboard-on-this-server = en este servidor
leaderboard-here = aquí
leaderboard-title = Clasificación de { $game } { $scope }
leaderboard-empty = Nadie tiene aún una partida puntuada de { $game } { $scope }.
leaderboard-everyone-hint = `clasificación { $name } all` muestra las puntuaciones de todos.
leaderboard-footer = { $count ->
    [one] { $count } jugador puntuado
   *[other] { $count } jugadores puntuados
}. Glicko-2; ? marca una puntuación provisional (desviación mayor que { $limit }).
leaderboard-row = { $rank }. { $name } { $rating } ({ $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}, { $record } ganadas-perdidas-empatadas)
leaderboard-column-rank = #
leaderboard-column-player = jugador
leaderboard-column-rating = puntuación
leaderboard-column-games = partidas
leaderboard-column-record = G-P-E

games-unreadable-one = (La partida guardada de { $key } no se puede leer y queda fuera; un operador puede ejecutar `cairn db check`.)
games-unreadable = ({ $count } partidas guardadas no se pueden leer y quedan fuera; un operador puede ejecutar `cairn db check`.)
games-none = Aún no tienes partidas. Empieza una con `challenge <juego> <oponente>`.
games-none-in-progress = No tienes ninguna partida en curso.
games-in-progress = Tus partidas en curso, las más urgentes primero:
games-line-head = - { $game } en{" "}
games-line-tail = : { $status }{ $yours }{ $time }
games-your-turn = {" "}(tu turno)
games-time-left = , tiempo restante: { $time }
games-open-challenges = Tus desafíos:
games-open-line-head = - { $game } en{" "}
games-open-line-tail = : abierto a cualquiera{ $lapses }
games-open-lapses = , caduca en { $time }
games-addressed-line-tail = : esperando a que { $challenged } lo acepte{ $lapses }
games-challenges-to-you = Desafíos para ti:
games-to-you-line-head = - { $game } de { $challenger } en{" "}
games-to-you-line-tail = : responde con `accept` o `decline`{ $lapses }
games-recent = Resultados recientes:
games-recent-line = - { $game }: { $status }
