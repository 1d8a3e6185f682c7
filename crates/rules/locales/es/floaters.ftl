# Floaters: las palabras del juego (hoyo, almacén, sembrar, vuelta, vuelta de relevo).
# Los hoyos y almacenes (floaters-spot-*) van sin artículo: las frases dicen «al» y «del».

floaters-title = Floaters
floaters-summary = Mancala de dos colores en un tablero de Kalah: Sur (la fila de abajo) juega con Rojas y Norte (la fila de arriba) con Negras; cada hoyo empieza con 4 piedras del color de su dueño; empieza Sur (first=north lo cambia). Una jugada: toma todas las piedras de uno de tus hoyos y siémbralas una a una en sentido antihorario en los hoyos siguientes y en ambos almacenes, eligiendo el color de cada piedra que siembras. Decide dónde cae la última piedra: en un almacén, o en un hoyo donde tu color es mayoría, la jugada termina; un hoyo con los dos colores igualados se vacía en un almacén y la jugada termina; un hoyo donde tu color es minoría se recoge y se sigue sembrando (una vuelta de relevo). Ganas cuando tu propia fila no tiene ninguna piedra de tu color. Una posición vista por tercera vez es empate.
floaters-notation = El número del hoyo (del 1 al 6 desde tu izquierda) y después los colores de cada vuelta en orden de siembra, `r` rojo y `b` negro: `move 3 rrbr`, con una vuelta de relevo `move 3 rrbr bbrbb`. Un número de hoyo solo (`move 3`) empieza la jugada: entonces te muestro las piedras en mano y tú envías los colores de cada vuelta (`move rbb`). Una vuelta de un solo color no necesita colores.
floaters-option-first = qué lado siembra primero
floaters-view-title = Floaters
floaters-view-title-north = Floaters (empieza Norte)
floaters-note-east-store = Almacén este: { $total } ({ $red } { $red ->
        [one] roja
       *[other] rojas
    }, { $black } { $black ->
        [one] negra
       *[other] negras
    })
floaters-note-west-store = Almacén oeste: { $total } ({ $red } { $red ->
        [one] roja
       *[other] rojas
    }, { $black } { $black ->
        [one] negra
       *[other] negras
    })
floaters-note-rows = Rojas en la fila de Sur: { $red }; Negras en la fila de Norte: { $black }
floaters-note-mid-turn = A mitad de jugada: { $stones } en mano, la siguiente piedra va al { $next }
floaters-stones = { $red ->
        [0] { $black ->
                [0] ninguna piedra
               *[other] { $black } { $black ->
                        [one] piedra negra
                       *[other] piedras negras
                    } y ninguna roja
            }
       *[other] { $black ->
                [0] { $red } { $red ->
                        [one] piedra roja
                       *[other] piedras rojas
                    } y ninguna negra
               *[other] { $red } { $red ->
                        [one] roja
                       *[other] rojas
                    } y { $black } { $black ->
                        [one] negra
                       *[other] negras
                    }
            }
    }
floaters-spot-east = almacén este
floaters-spot-west = almacén oeste
floaters-spot-south = hoyo { $pit } de Sur
floaters-spot-north = hoyo { $pit } de Norte
floaters-end-cleared-south = no queda ninguna piedra roja en la fila de Sur
floaters-end-cleared-north = no queda ninguna piedra negra en la fila de Norte
floaters-hint-legend = Puntos verdes: los hoyos desde los que puedes sembrar
floaters-hint-legend-laps = Puntos verdes: donde empiezan las vueltas que puedes enviar
floaters-playable = { $count ->
        [0] no tienes ningún hoyo para jugar
        [one] puedes jugar el hoyo { $pits }
       *[other] puedes jugar los hoyos { $pits }
    }
floaters-hint-mid-turn = Estás a mitad de jugada: tienes en mano { $stones } tomadas del { $from }; envía sus colores en orden de siembra, p. ej. `{ $example }`.
floaters-hint-start = Cada orden de los colores de una vuelta es una jugada distinta, así que no se listan. Empieza solo con un número de hoyo ({ $playable }), p. ej. `move { $first }`: entonces te muestro las piedras en mano y el hoyo al que van después, y tú envías los colores de cada vuelta en orden de siembra, p. ej. `move rrb`.
floaters-next-step = Tienes en mano { $stones } tomadas del { $from }: envía sus colores en orden de siembra, p. ej. `move { $example }`
floaters-label-north = Norte
floaters-label-south = Sur
floaters-label-west-store = Almacén oeste
floaters-label-east-store = Almacén este
floaters-label-in-hand = En mano
floaters-label-red = { $count } { $count ->
        [one] roja
       *[other] rojas
    }
floaters-label-black = { $count } { $count ->
        [one] negra
       *[other] negras
    }
floaters-label-next = siguiente: { $spot }
floaters-label-hand-line = En mano: { $red } { $red ->
        [one] roja
       *[other] rojas
    }, { $black } { $black ->
        [one] negra
       *[other] negras
    }
floaters-label-spot-east = almacén este
floaters-label-spot-west = almacén oeste
floaters-label-spot-south = Sur { $pit }
floaters-label-spot-north = Norte { $pit }

## Jugadas rechazadas.

floaters-usage = escribe un número de hoyo del 1 al 6 y luego una cadena de colores por vuelta (r para rojo, b para negro), p. ej. `3 rrbr` o `3 rrbr bbrbb`
floaters-refusal-mid-turn = estás a mitad de jugada: tienes en mano { $stones } tomadas del { $from }; envía sus colores en orden de siembra, p. ej. `{ $example }`
floaters-refusal-no-pit = empieza tu jugada con uno de tus hoyos (del 1 al 6 desde tu izquierda) antes de los colores, p. ej. `3 rrrr`; { $playable }
floaters-refusal-no-such-pit = no existe el hoyo { $pit }: tus hoyos van numerados del 1 al 6 desde tu izquierda; { $playable }
floaters-refusal-empty-pit = tu hoyo { $pit } está vacío; { $playable }
floaters-refusal-opponents-pit = { $pit } es un hoyo de tu rival; { $playable }
floaters-refusal-wrong-only-lap = la vuelta desde el { $from } siembra { $stones }; `{ $given }` tiene { $red } { $red ->
        [one] roja
       *[other] rojas
    } y { $black } { $black ->
        [one] negra
       *[other] negras
    }
floaters-refusal-wrong-lap = la vuelta { $number } desde el { $from } siembra { $stones }; `{ $given }` tiene { $red } { $red ->
        [one] roja
       *[other] rojas
    } y { $black } { $black ->
        [one] negra
       *[other] negras
    }
floaters-refusal-turn-over = la jugada termina tras la vuelta { $laps } ({ $why }), así que `{ $extra }` no tiene nada que sembrar
floaters-lap-end-store = su última piedra cae en el { $spot }
floaters-lap-end-majority = { $colour ->
        [red] el rojo
       *[black] el negro
    } es mayoría en el { $spot }
floaters-lap-end-emptied = el { $spot } tenía los colores igualados y se vació
floaters-refusal-empty-turn = una jugada vacía: { $how }
floaters-refusal-not-a-pit = `{ $word }` no es un hoyo: { floaters-usage }
floaters-refusal-lap-too-long = `{ $word }` es más larga que cualquier vuelta: solo hay { $max } piedras
floaters-refusal-not-colours = `{ $word }` no es una cadena de colores: escribe una letra por piedra, r para rojo y b para negro; { floaters-usage }
