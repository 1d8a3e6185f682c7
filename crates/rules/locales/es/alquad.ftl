# Alquad: las palabras del juego.

alquad-title = Alquad
alquad-summary = Colocación en el tablero de 5 x 5. Preparación: el preparador (quien desafía) coloca una ficha Blanca y una Negra; después el elector escoge el color con el que jugará; cada una es una jugada completa. Luego empiezan las Blancas y los jugadores colocan una ficha por jugada (12 cada uno en total). Cuatro fichas tuyas en las esquinas de un cuadrado (recto, o inclinado 45 grados sobre los puntos diagonales) son un jaque: tu rival tiene una sola respuesta, y gana solo si completa un cuadrado suyo estrictamente mayor; si no, gana quien dio el jaque. Si se colocan todas las fichas sin ningún cuadrado, la partida termina en empate.
alquad-notation = Preparación: `move w:c3 b:d4` (el punto de la Blanca y luego el de la Negra). Elección: `move white` o `move black`. Colocación: el punto, `move c2`.
alquad-view-title = Alquad
alquad-note-in-hand = { $side } en mano: { $count }
alquad-note-setup = El preparador coloca una ficha Blanca y una Negra
alquad-note-choose = El elector escoge Blancas o Negras
alquad-note-sides = El preparador juega con { $setter }, el elector con { $chooser }
alquad-note-check = { $checker } tienen un cuadrado de área { $area }: { $other } deben responder con uno mayor
alquad-note-winning-square = Cuadrado ganador de { $side }: área { $area }
alquad-end-square = { $checker } formaron un cuadrado de área { $area } y { $other } no pudieron responder con uno mayor
alquad-end-bigger-square = { $answerer } respondieron al cuadrado de área { $area } de { $checker } con uno mayor, de área { $larger }
alquad-warning = { $checker } tienen un cuadrado de área { $area }: completa en esta jugada un cuadrado mayor que { $area } o perderás
alquad-chose = eligió jugar con { $side }

## Jugadas rechazadas.

alquad-setup-hint = el preparador coloca primero una ficha Blanca y una Negra en dos puntos distintos, p. ej. `w:c3 b:d4`
alquad-refusal-not-a-setup = `{ $text }` no es una preparación: escribe el punto de la Blanca y el de la Negra, p. ej. `w:c3 b:d4`
alquad-refusal-not-a-point = { $point } no es un punto del tablero de 5 x 5 (columnas de la a a la e, filas del 1 al 5)
alquad-refusal-two-of-one-colour = `{ $text }` indica dos puntos para la { $side ->
        [white] Blanca
       *[black] Negra
    }: la preparación coloca una ficha Blanca y una Negra, p. ej. `w:c3 b:d4`
alquad-refusal-occupied = { $point } ya tiene { $whose ->
        [own] una ficha tuya
       *[opponent] una ficha de tu rival
    }; puedes colocar en { $empty }
alquad-refusal-same-point = la ficha Blanca y la Negra deben ir en dos puntos distintos, no las dos en { $point }
alquad-refusal-setup-done = la preparación ha terminado: ahora el elector escoge un color, `white` o `black`
alquad-refusal-setup-over = la preparación ya terminó: coloca una ficha en un punto vacío, p. ej. `{ $example }`
alquad-refusal-colours-after-setup = los colores se eligen después de la preparación: { alquad-setup-hint }
alquad-refusal-colours-chosen = los colores ya están elegidos (el preparador juega con { $setter ->
        [white] Blancas
       *[black] Negras
    }, el elector con { $chooser ->
        [white] Blancas
       *[black] Negras
    }): coloca una ficha en un punto vacío
alquad-refusal-setup-first = { alquad-setup-hint }
alquad-refusal-choose-first = primero el elector debe escoger un color: `white` o `black`
alquad-refusal-not-a-turn = `{ $text }` no es una jugada de Alquad: se esperaba { $expected ->
        [setup] una preparación como `w:c3 b:d4`
        [colour] un color, `white` o `black`
       *[point] un punto donde colocar, como `c2`
    }
