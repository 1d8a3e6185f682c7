# Fanorona: las palabras del juego.

fanorona-title = Fanorona
fanorona-summary = El juego de capturas de Madagascar en 9 x 5 puntos (board=tsivy, 22 fichas por jugador) o 5 x 5 (board=dimy, 12 por jugador); empiezan las Blancas. Se captura por aproximación (mueve hacia una ficha contraria de modo que quede justo detrás de tu punto de llegada) o por alejamiento (aléjate de una ficha contraria que esté junto a ti); se captura toda la línea continua de fichas contrarias en esa dirección. Las capturas son obligatorias; tras una captura la misma ficha puede volver a capturar, pero no hacia un punto que ya haya visitado en esta jugada ni en la misma dirección dos veces seguidas; siempre puedes detenerte. Sin captura, una jugada es un solo paso (una paika). Capturar todas las fichas contrarias gana; un jugador sin jugadas legales pierde. En una partida estancada (stall-turns=50 jugadas sin captura, o una posición vista por tercera vez): con stall=score (por defecto) gana quien haya capturado más, y la igualdad es empate; con stall=draw es empate. paika=forward solo permite pasos de paika hacia delante.
fanorona-notation = Un paso de paika: `move d2-d3`. Una captura: el punto de llegada seguido de `a` (aproximación) o `w` (alejamiento), `move d2-d3a`; una cadena indica cada punto de llegada, `move e2-e3a-f4w`. Puedes omitir la `a`/`w` cuando el paso solo puede capturar de una forma.
fanorona-option-board = tsivy: 9 x 5 puntos; dimy: 5 x 5
fanorona-option-stall = cómo termina una partida estancada: gana quien capturó más, o empate
fanorona-option-stall-turns = jugadas sin captura que estancan la partida
fanorona-option-paika = forward solo permite pasos de paika hacia delante
fanorona-view-title-tsivy = Fanorona (Tsivy, 9 x 5)
fanorona-view-title-dimy = Fanorona (Dimy, 5 x 5)
fanorona-hint-legend-onto-captured = Puntos verdes: adonde tus jugadas legales mueven una ficha; un anillo verde alrededor de una ficha enemiga: una cadena la captura y luego pasa a su punto

## Jugadas rechazadas.

fanorona-usage = escribe un paso de paika como d2-d3 y una captura como d2-d3a (aproximación) o d2-d3w (alejamiento), una cadena como e2-e3a-f4w
fanorona-refusal-not-a-turn = `{ $text }` no es una jugada de Fanorona: { fanorona-usage }
fanorona-refusal-not-a-point = `{ $token }` no es un punto del tablero de { $files } x 5: { fanorona-usage }
fanorona-refusal-either-way = ese paso puede capturar de las dos formas; indica cuál: { $choices }
fanorona-choice = { $turn } captura { $takes }
fanorona-choices = { $first }; { $rest }
fanorona-refusal-not-yours = { $point } { $holds ->
        [opponent] tiene una ficha de tu rival
       *[empty] está vacío
    }; las fichas { $colour ->
        [white] blancas
       *[black] negras
    } que pueden mover están en { $movable }
fanorona-refusal-not-next-to = { $to } no está junto a { $at } a lo largo de una línea; { $options }
fanorona-refusal-must-capture = capturar es obligatorio, así que no se permite un paso de paika; { $options }
fanorona-refusal-revisit = la ficha no puede volver a { $point }, un punto que ya ocupó en esta jugada
fanorona-refusal-same-direction = la ficha no puede moverse dos veces seguidas en la misma dirección (de { $at } a { $to })
fanorona-refusal-paika-forward = con paika=forward un paso de paika debe ir hacia delante; { $options }
fanorona-refusal-not-legal = esa no es una jugada legal aquí; { $options }
fanorona-options = desde { $from } puedes jugar { $turns }
fanorona-options-captures = capturar es obligatorio; las capturas posibles empiezan por { $starts }
fanorona-options-stuck = la ficha de { $from } no puede moverse
