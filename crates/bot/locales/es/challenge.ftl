# Desafíos: lanzados, aceptados, rechazados o retirados.

challenge-usage = Escribe `challenge <juego> [oponente] [key=value ...]`, p. ej. { $example }o `challenge { $starter } bot`; sin oponente, cualquiera puede aceptarlo.
challenge-which-game = ¿Qué juego, y contra quién? { $usage }
challenge-yourself = No puedes desafiarte a ti mismo. Desafía a otro jugador o al bot (`bot`).
challenge-option-twice = La opción `{ $key }` aparece dos veces; indica cada opción una sola vez.
challenge-level-range = `level` debe ser un número entero del 1 al 5, no `{ $value }`.
challenge-not-an-option = No entiendo `{ $word }`: las opciones se escriben clave=valor. { $usage }
challenge-cannot-start = { $game } no puede empezar así: { $reason }.
challenge-bad-options = { $reason }.
challenge-pie-rule-as = En { $game } quien desafía prepara el tablero y el otro jugador elige los colores, así que `as=` no se aplica.
challenge-not-a-side = `as={ $word }` no es un bando: usa as={ $first }, as={ $second } o as=random.
challenge-level-bot-only = `level=` fija la fuerza del bot; solo sirve cuando desafías al bot.
challenge-busy = Este canal ya tiene una partida de { $game } ({ $first } contra { $second }). { $elsewhere }, o termina antes esta.
challenge-elsewhere-thread = Abre un hilo o usa otro canal para una partida nueva
challenge-elsewhere = Usa otro canal para una partida nueva
challenge-pending = { $challenger } ya ha desafiado a { $challenged } aquí: espera una respuesta. { $elsewhere }.
challenge-replaces = Esto sustituye el desafío de { $challenger } a { $challenged } ({ $game }), que queda retirado.
challenge-bot-takes-on = { $challenger } se enfrenta a { $bot } en { $game } ({ $details }). { $status }. { $hint }
challenge-made = { $challenger } desafía a { $challenged } a { $game }{ $seats }{ $clock }. { $challenged }, responde con `accept` o `decline` en un plazo de { $within }.
challenge-seats-pie = ; { $challenger } prepara, { $challenged } elige los colores
challenge-seats-chosen = { " " }({ $challenger } juega con { $seat })
challenge-clock-per-move = { $lead }{ $control } por jugada
challenge-clock-bank = { $lead }{ $control }
challenge-clock-lead-bot = tu reloj:{ " " }
challenge-level = nivel { $level }
game-first-hint = `{ $rules } { $game }` muestra cómo se escriben las jugadas; `{ $moves }` lista las jugadas legales; `{ $pick }` arma una jugada paso a paso, sin notación.
challenge-clock-lead = ; reloj:{ " " }
challenge-accept-button = Aceptar
challenge-decline-button = Rechazar
challenge-none-to-accept = No hay ningún desafío que aceptar en este canal.
challenge-not-for-you = Este desafío es para { $challenged }, no para ti.
challenge-accepted = { $name } acepta. { $title }. { $status }. { $hint }
challenge-none-to-decline = No hay ningún desafío que rechazar en este canal.
challenge-none-to-cancel = No hay ningún desafío que retirar en este canal.
challenge-only-can-decline = Solo { $name } puede rechazar este desafío.
challenge-only-can-decline-yours = Solo { $name } puede rechazar este desafío. Para retirar tu propio desafío, usa `cancel`.
challenge-only-can-cancel = Solo { $name } puede retirar este desafío.
challenge-only-can-cancel-theirs = Solo { $name } puede retirar este desafío. Para rechazarlo, usa `decline`.
challenge-declined = { $challenged } rechaza el desafío de { $challenger }.
challenge-withdrawn = { $challenger } retira el desafío a { $challenged }.

challenge-clock-unreadable = `{ $given }` no es un tiempo: escribe un número y una unidad, d (días), h (horas) o m (minutos), p. ej. `3d`, `12h`, `7d+1d`, o `none`.
challenge-clock-too-short = Un reloj necesita al menos { $minimum } por jugador; `{ $given }` es menos.

# Desafíos abiertos: sin oponente, cualquiera salvo quien desafía puede aceptar.
challenge-made-open = { $challenger } desafía a cualquiera a { $game }{ $seats }{ $clock }. Juega quien responda primero con `accept`; el desafío sigue en pie durante { $within }.
challenge-seats-pie-open = ; { $challenger } prepara, el oponente elige los colores
challenge-pending-open = { $challenger } tiene aquí un desafío abierto ({ $game }): acéptalo con `accept`, o espera a que alguien lo acepte o se retire. { $elsewhere }.
challenge-replaces-open = Esto sustituye el desafío abierto de { $challenger } ({ $game }), que queda retirado.
challenge-own-open = Este desafío abierto es tuyo: tiene que aceptarlo otra persona. Para retirarlo, usa `cancel`.
challenge-own-addressed = Este desafío es tuyo: lo acepta { $challenged }. Para retirarlo, usa `cancel`.
challenge-open-no-decline = Este desafío está abierto a cualquiera, así que no hay nada que rechazar: déjalo y caducará. Solo { $challenger } puede retirarlo, con `cancel`.
challenge-withdrawn-open = { $challenger } retira el desafío abierto a { $game }.
challenge-cancel-button = Retirar

# Revancha: la partida que terminó aquí, otra vez, con los bandos cambiados.
rematch-made = { $challenger } pide a { $challenged } la revancha de { $game }, con los bandos cambiados{ $seats }{ $clock }. { $challenged }, responde con `accept` o `decline` en un plazo de { $within }.
rematch-no-game = En este canal no ha terminado ninguna partida, así que no hay revancha posible. Empieza una con `challenge`.
rematch-still-playing = Tu partida aquí sigue en curso; `rematch` pide otra cuando haya terminado.
rematch-new-game = Aquí ya ha empezado una partida nueva ({ $first } contra { $second }), así que la anterior ya no admite revancha. Desafía a tu oponente con `challenge` en otro canal o hilo.
rematch-not-a-player = La última partida de aquí fue entre { $first } y { $second }; solo ellos pueden pedir la revancha.
rematch-too-late = Esa partida terminó hace más de { $window }, y la revancha solo se ofrece durante { $window } tras el final. Vuelve a desafiar a { $opponent } con `challenge`.
rematch-offer = { " " }Con `{ $rematch }` en un plazo de { $window } se juega otra vez con los bandos cambiados.
rematch-button = Revancha

## A game moved into its own thread: the words around the link.

thread-moved-before = La partida { $game } sigue en su propio hilo:{ " " }
thread-moved-after = .
