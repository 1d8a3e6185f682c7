# Sight: las palabras del juego.

sight-title = Sight
sight-summary = Colocación y movimiento en el tablero de 5 x 5, vacío al principio; empiezan las Blancas. Las fichas se ven entre sí a lo largo de una línea sin nada entre ellas. Mientras no tengas ninguna pila (dos o más fichas en un punto), coloca una ficha en un punto vacío. En cuanto tengas una pila, debes en cambio mover la ficha superior de una de tus pilas más altas un paso a un punto vacío adyacente. En ambos casos, cada ficha de tu color que vea la ficha colocada o movida crece en una (salvo la pila de la que salió). Un jugador sin jugadas legales en su turno pierde; no hay empates.
sight-notation = Una colocación: el punto, `move c3`. Un movimiento: el punto de la pila y el punto vacío contiguo, `move c3-c4` (también vale `c3c4`).
sight-view-title = Sight
sight-note-pieces = { $seat }: { $pieces } { $pieces ->
        [one] ficha
       *[other] fichas
    } en { $points } { $points ->
        [one] punto
       *[other] puntos
    }, { $tallest ->
        [0] sin pilas
       *[other] pila más alta de { $tallest }
    }

## Jugadas rechazadas.

sight-refusal-not-a-turn = `{ $text }` no es una jugada de Sight: escribe un punto para colocar una ficha (c3) o dos puntos para mover la ficha superior de una pila (c3-c4)
sight-refusal-not-a-point = { $point } no es un punto del tablero de 5 x 5 (columnas de la a a la e, filas del 1 al 5)
sight-refusal-must-move = tienes una pila, así que debes mover la ficha superior de una de tus pilas más altas (altura { $height }) un paso a un punto vacío contiguo: { $moves }
sight-refusal-occupied = { $point } ya tiene { $whose ->
        [own] una ficha tuya
       *[opponent] una ficha de tu rival
    }; puedes colocar en { $empty }
sight-refusal-must-place = aún no tienes ninguna pila, así que debes colocar una ficha en un punto vacío (escribe solo el punto, p. ej. c3)
sight-refusal-not-yours = { $point } { $holds ->
        [opponent] tiene una ficha de tu rival
       *[empty] está vacío
    }; debes mover desde una de tus pilas más altas (altura { $height }): { $tallest }
sight-refusal-not-tallest = { $point } { $size ->
        [1] es una sola ficha
       *[other] es una pila de { $size }
    }, pero debes mover desde una de tus pilas más altas (altura { $height }): { $tallest }
sight-refusal-not-a-step = { $to } no está a un paso de { $from } a lo largo de una línea; { $options }
sight-refusal-step-occupied = { $to } está ocupado; { $options }
sight-refusal-no-step = la pila de { $from } no tiene ningún punto vacío contiguo; tus jugadas son { $moves }
sight-refusal-steps = desde { $from } puedes mover a { $targets }

## Por qué terminó la partida, y el aviso anterior.

sight-end-full = todos los puntos están ocupados, así que { $loser } no tienen ninguna jugada legal
sight-end-boxed = no queda ningún punto vacío junto a { $count ->
        [one] la pila más alta
       *[other] las pilas más altas
    } de { $loser } (altura { $height }: { $stacks }), así que { $loser } no tienen ninguna jugada legal
sight-warning = solo { $point } está vacío junto a { $count ->
        [one] la pila más alta
       *[other] las pilas más altas
    } de { $mover } (altura { $height }: { $stacks }): si se ocupa, { $mover } no tendrán ninguna jugada legal y perderán
