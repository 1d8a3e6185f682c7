# Una partida en curso: jugadas, el tablero, de quién es el turno.

game-not-started-open = La partida no ha empezado: nadie ha aceptado aún el desafío abierto de { $challenger }.
game-not-started = La partida no ha empezado: { $challenged } aún no ha aceptado el desafío de { $challenger }.
game-none = No hay ninguna partida en este canal. Empieza una con `challenge <juego> <oponente>`.
game-over-here = La partida de { $game } de aquí ha terminado: { $status }. Empieza otra con `challenge <juego> <oponente>`.
game-not-a-player = En esta partida solo juegan { $first } y { $second }; puedes mirarla con `board`.
game-not-your-turn = Es el turno de { $player }, no el tuyo.
game-say-which-turn = Di qué jugada quieres hacer, p. ej. `jugar { $example }`; `jugadas` muestra las jugadas legales.
game-say-which-turn-how = Di qué jugada quieres hacer. { $hint }
game-already-over = La partida ya ha terminado.
game-refused = { $reason }. `moves` muestra las jugadas legales.
game-played = { $player } jugó { $turn }. { $status }.
game-played-said = { $player } { $said }. { $status }.
game-played-mid-turn = { $player } jugó { $turn }; el turno continúa: { $name } debe terminarlo.
game-draw-offer-lapses = La oferta de empate de { $name } caduca: una oferta dura hasta que se juega la siguiente jugada.
game-draw-offer-declined = { $name } sigue jugando, así que la oferta de empate de { $offerer } queda rechazada.
game-undo-lapses = La petición de { $name } de deshacer una jugada caduca: dura hasta que se juega la siguiente jugada.
game-undo-refused = { $name } sigue jugando, así que la petición de { $asker } de deshacer una jugada queda rechazada.
game-warning = Aviso para { $name }: { $warning }.
game-no-game-yet-open = Aún no hay partida: { $challenger } ha desafiado a cualquiera a { $game }.
game-no-game-yet = Aún no hay partida: { $challenger } ha desafiado a { $challenged } a { $game }.
game-status-turns = { $status }. { $turns ->
    [one] Se ha jugado { $turns } jugada.
   *[other] Se han jugado { $turns } jugadas.
}

game-undo-already-asked = Ya lo has pedido; esperando a que { $opponent } responda con `undo`.
game-undo-nothing-played = Aún no has jugado ninguna jugada, así que no hay nada que deshacer.
game-undo-asks = { $name } pide deshacer su última jugada. { $opponent }, responde `deshacer` para permitirlo (se desharía { $turns }), o simplemente sigue jugando.
game-undo-nothing = No hay ninguna jugada que deshacer.
game-undo-broken = El historial de esta partida no se puede reproducir, así que no se deshizo nada.
game-undo-taken-turn = { $turn } de { $name }
game-undo-taken-yours = tu { $turn }
game-undo-done = Deshecho para { $name }: { $turns } ({ $count } { $count ->
    [one] jugada
   *[other] jugadas
}). { $status }.
game-resign-confirm = Abandonar termina la partida de { $game } al instante y no se puede deshacer. Para abandonar, envía `abandonar` otra vez antes de un minuto; para seguir, simplemente juega.
game-resign-confirm-button = Abandonar termina la partida de { $game } al instante y no se puede deshacer. Para abandonar, envía `abandonar` otra vez antes de un minuto (o pulsa el botón); para seguir, simplemente juega.
game-resign-button = Abandonar
game-resigns = { $loser } abandona. { $winner } gana.
game-draw-impossible = { $game } no puede terminar en empate, así que no hay empate que ofrecer. Puedes seguir jugando o usar `resign`.
game-draw-already-offered = Ya has ofrecido un empate; esperando a { $opponent }.
game-draw-accepted = { $name } acepta el empate. La partida termina en empate de común acuerdo.
game-draw-bot-declines = { $bot } rechaza el empate y sigue jugando.
game-draw-offered = { $name } ofrece un empate. { $opponent }, responde `draw` para aceptarlo, o sigue jugando para rechazarlo.

game-next-step = { $how }.
game-moves-next-step = La jugada está en curso; su siguiente parte se puede enviar de { $count ->
    [one] una forma
   *[other] { $count } formas
}: { $turns }. { $how }.
game-moves-next-step-and-more = La jugada está en curso; su siguiente parte se puede enviar de { $count } formas: { $turns } y { $more } más. { $how }.
game-moves-none = No hay jugadas legales: la partida ha terminado.
game-moves-too-many = Hay { $count } jugadas legales, demasiadas para listarlas. { $hint }
game-moves-how-written = `rules { $game }` muestra cómo se escriben las jugadas.
game-moves = { $count ->
    [one] { $count } jugada legal
   *[other] { $count } jugadas legales
}: { $turns }.
game-moves-and-more = { $count ->
    [one] { $count } jugada legal
   *[other] { $count } jugadas legales
}: { $turns } y { $more } más.


## `pick`: una jugada paso a paso.

pick-head = { $player }, elige el primer paso de tu jugada con `pick N`:
pick-head-so-far = { $player }, tu jugada hasta ahora: { $turn }. Elige el paso siguiente con `pick N`:
pick-entry = { $number }. { $label }
pick-entry-note = { $number }. { $label }: { $note }
pick-play-as-it-stands = jugar { $turn } tal como está
pick-more = `pick more`: la página siguiente (esta muestra de { $from } a { $to } de { $count }).
pick-back = `pick back` deshace el último paso.
pick-stale = La posición ha cambiado desde tu última lista de pasos, así que esa lista ya no vale; escribe `pick` para ver los primeros pasos de tu jugada ahora.
pick-none-shown = Aún no tienes una lista de pasos en esta partida; escribe `pick` para ver los primeros pasos de tu jugada.
pick-no-such-option = Tu lista no tiene la opción { $number }: elige un número del 1 al { $count }, o escribe `pick back` o `pick more`.
pick-nothing-to-undo = Aún no has elegido ningún paso, así que no hay ninguno que deshacer; elige un número del 1 al { $count }.
pick-not-a-step = { $word } no es un paso de la lista: escribe `pick` para la lista, `pick N` para elegir la opción N, `pick back` para deshacer un paso o `pick more` para la página siguiente.

# Los botones de la tarjeta de una partida, y una pulsación en la tarjeta de un turno anterior.
card-move = Mover
card-moves = Jugadas
card-undo = Deshacer
card-draw = Tablas
card-resign = Abandonar
card-rematch = Revancha
card-replay = Repetición
card-superseded = Esta tarjeta es de un turno anterior y la partida ha avanzado: la tarjeta actual es la última de{" "}
card-superseded-end = .
