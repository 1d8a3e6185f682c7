# Una partida en curso: jugadas, el tablero, de quién es el turno.

game-not-started = La partida no ha empezado: { $challenged } aún no ha aceptado el desafío de { $challenger }.
game-none = No hay ninguna partida en este canal. Empieza una con `challenge <game> <opponent>`.
game-over-here = La partida de { $game } de aquí ha terminado: { $status }. Empieza otra con `challenge <game> <opponent>`.
game-not-a-player = En esta partida solo juegan { $first } y { $second }; puedes mirarla con `board`.
game-not-your-turn = Es el turno de { $player }, no el tuyo.
game-say-which-turn = Di qué jugada quieres hacer, p. ej. `move c3`; `moves` muestra las jugadas legales.
game-already-over = La partida ya ha terminado.
game-refused = { $reason }. `moves` muestra las jugadas legales.
game-played = { $player } jugó { $turn }. { $status }.
game-played-mid-turn = { $player } jugó { $turn }; el turno continúa: { $name } debe terminarlo.
game-draw-offer-lapses = La oferta de empate de { $name } caduca: una oferta dura hasta que se juega la siguiente jugada.
game-draw-offer-declined = { $name } sigue jugando, así que la oferta de empate de { $offerer } queda rechazada.
game-undo-lapses = La petición de { $name } de deshacer una jugada caduca: dura hasta que se juega la siguiente jugada.
game-undo-refused = { $name } sigue jugando, así que la petición de { $asker } de deshacer una jugada queda rechazada.
game-warning = Aviso para { $name }: { $warning }.
game-no-game-yet = Aún no hay partida: { $challenger } ha desafiado a { $challenged } a { $game }.
game-status-turns = { $status }. { $turns ->
    [one] Se ha jugado { $turns } jugada.
   *[other] Se han jugado { $turns } jugadas.
}
