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

## Jugadas rechazadas.

collapse-refusal-not-a-turn = `{ $text }` no es una jugada de Collapse: escribe una jugada como <origen>-<destino>, p. ej. c1-c4 (o c1xc5, que nombra la ficha capturada)
collapse-refusal-not-a-point = { $point } no es un punto del tablero de 9 x 5 (de a1 a i5)
collapse-refusal-not-yours = { $point } { $holds ->
        [opponent] tiene una ficha de tu rival
       *[empty] está vacío
    }; las fichas { $colour ->
        [white] blancas
       *[black] negras
    } que pueden capturar están en { $movable }
collapse-refusal-not-on-a-line = { $to } no está en ninguna línea que salga de { $from }; { $hint }
collapse-refusal-no-capture = { $flight }; { $hint }
collapse-hint-piece-none = la ficha de { $from } no puede capturar
collapse-hint-none = esa ficha no puede capturar
collapse-hint-moves = desde { $from } puedes jugar { $moves }
collapse-flight-stops = la ficha de { $from }, yendo { $heading }, se detiene en { $stop } antes de la ficha { $colour ->
        [white] blanca
       *[black] negra
    } de { $victim }: juega { $from }-{ $stop }
collapse-flight-too-close = la ficha de { $from } no puede moverse { $heading }: { $next } está justo al lado, y una ficha debe recorrer al menos un punto
collapse-flight-own-piece = la ficha de { $from }, yendo { $heading }, chocaría con tu propia ficha en { $at }
collapse-flight-edge = la ficha de { $from }, yendo { $heading }, llega al borde sin encontrar ninguna ficha
collapse-heading-up = hacia arriba
collapse-heading-right = hacia la derecha
collapse-heading-down = hacia abajo
collapse-heading-left = hacia la izquierda
collapse-heading-up-right = hacia arriba a la derecha
collapse-heading-down-right = hacia abajo a la derecha
collapse-heading-down-left = hacia abajo a la izquierda
collapse-heading-up-left = hacia arriba a la izquierda
