# Alquerque: las palabras del juego.

alquerque-title = Alquerque
alquerque-summary = Tablero de 5 x 5 con diagonales que pasan por un punto de cada dos, 12 fichas por jugador; empiezan las Blancas. Mueve a un punto vacío adyacente siguiendo una línea, o captura saltando sobre una ficha contraria adyacente hasta el punto vacío de detrás; la misma ficha puede seguir saltando (una cadena) y cambiar de dirección. rules=bell (por defecto): las capturas son obligatorias y una cadena debe seguir mientras pueda; no se puede mover hacia atrás; no se puede volver directamente al punto que una ficha acaba de dejar; una ficha en la última fila solo se mueve capturando; un jugador sin jugadas legales pierde. rules=basic: movimientos en cualquier dirección y capturas opcionales; la partida termina cuando el jugador al que le toca no puede mover, tras stall=40 jugadas sin captura o cuando una posición se repite por tercera vez: entonces gana quien haya capturado más (si hay igualdad, empate). Capturar todas las fichas contrarias gana en ambas.
alquerque-notation = Un movimiento: `move b2-c3`. Una captura: `move b2xd4`; una cadena indica cada punto de llegada, `move b2xd4xb4`. También valen `b2c3` y `b2 c3`.
alquerque-option-rules = bell: capturas obligatorias y sin retroceder; basic: movimientos libres y capturas opcionales
alquerque-option-stall = jugadas sin captura que terminan una partida con basic
alquerque-view-title-bell = Alquerque (reglas de Bell)
alquerque-view-title-basic = Alquerque (reglas básicas)
alquerque-end-no-capture = ya no es posible ninguna captura (no hay jugadas legales o una posición se ha visto por tercera vez)

## Jugadas rechazadas.

alquerque-usage = escribe un movimiento como b2-c3 y una captura como b2xd4 (una cadena como b2xd4xb4)
alquerque-refusal-not-a-turn = `{ $text }` no es una jugada de Alquerque: { alquerque-usage }
alquerque-refusal-not-a-point = `{ $point }` no es un punto del tablero: las columnas van de la a a la e y las filas del 1 al 5
alquerque-refusal-no-turn = no se ha indicado ninguna jugada: { alquerque-usage }
alquerque-refusal-enemy-piece = { $point } tiene una ficha { $colour ->
        [white] blanca
       *[black] negra
    }, no una de las tuyas
alquerque-refusal-empty = { $point } está vacío
alquerque-refusal-not-yours = { $why }; tus fichas que pueden mover están en { $movers }
alquerque-refusal-no-destination = indica también adónde va la ficha: { $options }
alquerque-refusal-with-options = { $why }; { $options }
alquerque-options = desde { $from } puedes jugar { $turns }
alquerque-options-stuck = la ficha de { $from } no tiene jugadas legales; tus fichas que pueden mover están en { $movers }
alquerque-refusal-occupied = { $to } no está vacío
alquerque-refusal-must-capture = con las reglas de Bell capturar es obligatorio (se impone aquí en lugar de la penalización del folleto), así que { $turn } no está permitido: captura con { $captures }
alquerque-refusal-far-rank = una ficha en la última fila solo puede moverse capturando, así que { $turn } no está permitido
alquerque-refusal-backward = con las reglas de Bell un paso sin captura no puede ir hacia atrás ({ $colour ->
        [white] las blancas mueven hacia arriba
       *[black] las negras mueven hacia abajo
    })
alquerque-refusal-straight-back = la ficha de { $from } acaba de llegar desde { $to } y no puede volver directamente
alquerque-refusal-too-many-jumps = una cadena captura como máximo { $max } fichas, y esa indica { $landings } puntos de llegada
alquerque-refusal-step-goes-on = { $from }-{ $to } es un paso, y un paso no puede continuar hacia más puntos
alquerque-refusal-next-to = { $land } está junto a { $at }: un salto cae en el punto que hay detrás de una ficha contraria
alquerque-refusal-no-line = ninguna línea une { $from } y { $to }: { $from } no tiene diagonales, así que una ficha allí solo avanza por su fila y su columna
alquerque-refusal-no-jump = a { $land } no se puede llegar desde { $at } con un salto a lo largo de una línea
alquerque-refusal-nothing-to-jump = no hay ninguna ficha { $colour ->
        [white] blanca
       *[black] negra
    } en { $over } que saltar de { $at } a { $land }
alquerque-refusal-landing-taken = { $land } no está vacío, así que el salto desde { $at } no puede caer allí
alquerque-refusal-must-continue = con las reglas de Bell la ficha que captura debe seguir saltando mientras pueda, y desde { $at } puede volver a capturar: juega { $longer }
alquerque-refusal-not-legal = { $turn } no es una jugada legal aquí
