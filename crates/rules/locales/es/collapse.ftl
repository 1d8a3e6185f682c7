# Collapse: las palabras del juego.

collapse-title = Collapse
collapse-summary = Tablero de 9 x 5 con las fichas alrededor del borde (setup=ring, 12 por jugador) o en la primera y la última fila (setup=ranks, 9 por jugador); empiezan las Blancas. Una jugada: una ficha vuela a lo largo de una línea sobre puntos vacíos y se detiene justo antes de la primera ficha que encuentra, que debe ser contraria: esa ficha queda capturada. Cada jugada captura exactamente una ficha; no hay otro movimiento ni se puede pasar. Un jugador que no puede capturar en su turno pierde (también quien se queda sin fichas); no hay empates.
collapse-notation = El punto de la ficha y el punto donde se detiene: `move c1-c4` (captura la ficha contraria de c5). También valen `c1c4` y `c1xc5`, que nombra la ficha capturada.
collapse-option-setup = ring: 12 fichas por jugador alrededor del borde; ranks: 9 por jugador en la primera y la última fila
collapse-view-title = Collapse
collapse-view-title-ranks = Collapse (filas)
collapse-note-pieces = { $seat }: { $count } { $count ->
        [one] ficha
       *[other] fichas
    } ({ $lost } { $lost ->
        [one] perdida
       *[other] perdidas
    })
