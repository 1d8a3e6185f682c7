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
