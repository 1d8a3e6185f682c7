# Callanish: las palabras del juego (términos del folleto: ficha, pila, movimiento de caballo, fila y columna).

callanish-title = Callanish
callanish-summary = Tablero cuadrado de casillas (9 x 9 por defecto); empiezan las Blancas. Apertura: las Blancas y después las Negras colocan una sola ficha en cualquier casilla vacía; cada una es una jugada completa. En cada jugada posterior: retira una de tus fichas expuestas (una ficha sola o la superior de una pila) y después añade dos fichas en casillas conectadas mediante un movimiento de caballo con la casilla de la que retiraste, cada una en una casilla vacía o sobre una única ficha contraria (la tuya queda encima y controla la casilla). La ficha superior controla la casilla. Al final de cada jugada, el jugador que no acaba de jugar gana si controla al menos la mitad (redondeando hacia arriba) de las casillas de cualquier fila o columna: 5 de 9 en un tablero de 9 x 9. Así, una línea que formes solo gana si sobrevive a la jugada de tu rival, y tu rival debe romperla o perderá. Un jugador sin jugadas legales pierde (también si se queda sin fichas). No hay empates.
callanish-notation = Jugada de apertura: la casilla, `move e5`. Jugadas siguientes: la casilla de la que retiras y luego las dos casillas donde añades, `move b2 a4 d1` (las dos fichas añadidas en cualquier orden; también valen `b2-a4-d1` y `b2:d1,a4`).
callanish-option-size = casillas por lado, número impar
callanish-option-shape = circle bloquea las casillas de las esquinas del tablero de 9 x 9, como en el folleto
callanish-option-stones = fichas de cada jugador
callanish-circle-board = el tablero de 9 x 9 del folleto
callanish-option-blocked = casillas fuera de juego
callanish-view-title = Callanish { $size } x { $size }
callanish-view-title-circle = Callanish { $size } x { $size } (círculo)
callanish-note-supply = Reserva de { $seat }: { $count }
callanish-line-rank = la fila { $line } con { $held } de sus casillas ({ $needed } necesarias)
callanish-line-file = la columna { $line } con { $held } de sus casillas ({ $needed } necesarias)
callanish-end-line = { $winner } controlan { $lines }
callanish-warning = { $holder } controlan { $lines }: { $count ->
        [one] rómpela
       *[other] rómpelas todas
    } en esta jugada o perderás
callanish-warning-supply = esta es la última jugada de { $mover }: vacía su reserva, así que si { $mover } no controlan una línea cuando { $opponent } hayan jugado, { $mover } no tendrán jugada legal y perderán
callanish-warning-both = { $lines }; además, { $supply }
callanish-hint-legend-opening = Puntos verdes: las casillas donde puedes colocar una ficha
callanish-hint-legend = Anillos verdes alrededor de fichas de { $mover }: las que puedes retirar; puntos verdes, y anillos alrededor de fichas de { $opponent }: las casillas donde puedes añadir

## Jugadas rechazadas.

callanish-usage-opening = en la apertura, indica una casilla vacía, p. ej. e5
callanish-usage-turn = escribe la casilla de la que retiras y luego las dos casillas donde añades, p. ej. b2 a4 d1
callanish-refusal-not-a-turn = `{ $text }` no es una jugada de Callanish: { $usage }
callanish-refusal-not-a-cell = { $cell } no es una casilla del tablero de { $size } x { $size } (de a1 a { $last })
callanish-refusal-blocked = { $cell } es una casilla bloqueada, fuera del tablero
callanish-refusal-opening-one-cell = la jugada de apertura es una sola casilla: { $usage }
callanish-refusal-taken = { $cell } está ocupada; coloca en una casilla vacía
callanish-refusal-wrong-count = una jugada tiene tres casillas, no { $given }: { $usage }
callanish-refusal-not-removable = { $cell } { $holds ->
        [empty] está vacía
        [own-stone] no tiene ninguna ficha expuesta tuya
        [own-stack] no tiene ninguna ficha expuesta tuya
        [enemy-stone] tiene una ficha contraria sola, no una ficha expuesta tuya
       *[enemy-stack] tiene una pila que controla tu rival, no una ficha expuesta tuya
    }; puedes retirar de { $removable }
callanish-refusal-supply-empty = tu reserva está vacía: no puedes añadir dos fichas
callanish-refusal-too-few-additions = desde { $from } solo podrías añadir en { $count ->
        [0] ninguna casilla
       *[other] { $targets }
    }, y una jugada necesita dos fichas añadidas
callanish-refusal-same-addition = las dos fichas añadidas deben ir en casillas distintas; desde { $from } puedes añadir en { $targets }
callanish-refusal-not-a-knight-move = { $cell } no está a un movimiento de caballo de { $from }; desde { $from } puedes añadir en { $targets }
callanish-refusal-not-open = { $cell } { $holds ->
        [empty] está vacía
        [own-stone] tiene una ficha tuya
        [own-stack] tiene una pila que controlas
        [enemy-stone] tiene una ficha contraria sola
       *[enemy-stack] tiene una pila que controla tu rival
    }; desde { $from } puedes añadir en { $targets }
