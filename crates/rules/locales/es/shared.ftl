# Palabras comunes a todos los juegos. Las coordenadas y las jugadas no se traducen.

turn-game-over = La partida ha terminado: ya no se pueden jugar más turnos.
turn-not-legal = { $turn } no es una jugada legal aquí

## Los bandos, con mayúscula como al principio de una frase.

seat-white = Blancas
seat-black = Negras
seat-red = Rojas
seat-setter = Preparador
seat-chooser = Elector
seat-unknown = Un jugador

## Listas en palabras: «a, b y c».

list-empty = nada
list-and = { $first } y { $last }
list-comma = { $first }, { $rest }
list-more = { $count } más

## La línea de estado bajo el tablero.

view-no-status = { "" }
status-to-move = Turno de { $seat }
status-wins-line = { $winner } ganan: una línea
status-wins-no-moves = { $winner } ganan: { $loser } no tienen jugadas legales
status-wins-all-captured = { $winner } ganan: todas las fichas de { $loser } están capturadas
status-wins-stall = { $winner } ganan: más capturas cuando la partida se estancó
status-wins-square = { $winner } ganan: { $loser } no pudieron responder al cuadrado
status-wins-bigger-square = { $winner } ganan: un cuadrado mayor respondió al jaque
status-wins-cleared = { $winner } ganan: su fila no tiene ninguna piedra de su color
status-wins-resign = { $winner } ganan: { $loser } abandonaron
status-wins-timeout = { $winner } ganan: a { $loser } se les acabó el tiempo
status-wins-repetition = { $winner } ganan: repetición
status-wins-exhausted = { $winner } ganan: fichas agotadas
status-wins-agreement = { $winner } ganan: acuerdo
status-draw-stall = Empate: la partida se estancó
status-draw-repetition = Empate: la misma posición por tercera vez
status-draw-exhausted = Empate: todas las fichas están colocadas
status-draw-agreement = Empate por acuerdo
status-draw-line = Empate: línea
status-draw-no-moves = Empate: sin jugadas
status-draw-all-captured = Empate: todo capturado
status-draw-square = Empate: cuadrado
status-draw-bigger-square = Empate: cuadrado mayor
status-draw-cleared = Empate: fila vacía
status-draw-resign = Empate: abandono
status-draw-timeout = Empate: tiempo agotado

## Notas y finales comunes a los juegos de captura.

note-taken = { $seat } han capturado { $count } { $count ->
        [one] ficha
       *[other] fichas
    } de { $other }
note-quiet-turns = Jugadas sin captura: { $count } de { $limit }
end-quiet-turns = { $count } jugadas sin captura
end-third-time = la misma posición por tercera vez
end-more-captures = { $why }, y { $seat } han capturado más fichas ({ $more } a { $fewer })
end-equal-captures = { $why }, con las mismas capturas ({ $count } cada uno)

## La leyenda de la imagen de `moves`.

game-hint-legend = Puntos verdes: donde tus jugadas legales colocan o mueven una ficha

## Texto tal cual como elemento de una lista.

word = { $word }
list-or = { $first } o { $last }

## Avisos antes de que una partida de capturas estancada termine.

warning-stall = si esta jugada no captura, la partida termina tras { $limit } jugadas sin captura: { $result }
warning-result-wins = { $seat } ganan por capturas, { $more } a { $fewer }
warning-result-equal = empate, con las mismas capturas ({ $count } cada uno)
warning-result-draw = empate

## Opciones de juego rechazadas.

option-not-key-value = `{ $word }` no es una opción: las opciones se escriben clave=valor, p. ej. size=7
option-no-key = `{ $word }` no tiene nombre de opción antes de `=`
option-given-twice = la opción `{ $key }` aparece dos veces
option-unknown = opción desconocida `{ $key }`: { $count ->
        [0] `{ $game }` no tiene opciones
       *[other] `{ $game }` admite { $known }
    }
option-out-of-range = la opción `{ $key }` debe ser un número entero del { $min } al { $max }{ $empty ->
        [yes] : no hay ningún valor después de `=`
       *[no] , no `{ $given }`
    }
option-not-a-choice = la opción `{ $key }` debe ser una de estas: { $choices }{ $empty ->
        [yes] : no hay ningún valor después de `=`
       *[no] , no `{ $given }`
    }
option-even = { $key } { $size } es par: { $game } solo se juega en tamaños impares ({ $first }, ... { $max })
option-not-odd = la opción `{ $key }` debe ser un número impar del { $min } al { $max }{ $empty ->
        [yes] : no hay ningún valor después de `=`
       *[no] , no `{ $given }`
    }
option-not-a-point = `{ $point }` no es una casilla del tablero de { $files } x { $ranks }
option-needs = { $key }={ $value } es { $why }: úsalo con { $needs }
option-unplayable = no se puede jugar en este tablero: { $why }
option-wrong-kind = la opción `{ $key }` está declarada como otro tipo de opción
option-undeclared = las opciones de { $game } no están declaradas como esperan sus reglas
board-short-line = { $kind ->
        [rank] la fila
       *[file] la columna
    } { $line } solo tendría { $cells } { $cells ->
        [one] casilla jugable
       *[other] casillas jugables
    }: una línea necesita 0 o al menos 3

## El tablero en palabras (la descripción de la imagen).

describe-game = { $game }.
describe-white = blanca
describe-black = negra
describe-red = roja
describe-pieces = { $colour ->
    [blanca] Blancas
    [negra] Negras
   *[roja] Rojas
    } ({ $count }): { $spots }.
describe-stack = Pila de { $count } en { $spot }, de abajo arriba: { $pieces }.
describe-empty = El tablero está vacío.
describe-blocked = Bloqueadas: { $spots }.
describe-run = de { $from } a { $to }
describe-pit = { $pit }: { $stones }.
describe-pit-south = Sur { $number }
describe-pit-north = Norte { $number }
describe-store-east = Almacén este
describe-store-west = Almacén oeste
describe-stones-red = { $count } { $count ->
    [one] roja
   *[other] rojas
    }
describe-stones-black = { $count } { $count ->
    [one] negra
   *[other] negras
    }
describe-captured = Capturadas en la última jugada: { $spots }.
describe-removed = Retiradas en la última jugada: { $spots }.
describe-winning = Piezas ganadoras: { $spots }.
describe-note = { $note }.
describe-other-pits-empty = Los demás hoyos y almacenes están vacíos.

## Qué hace cada paso del selector (`pick`), junto a su notación.

pick-note-place = colocar una pieza aquí
pick-note-place-stone = colocar una ficha aquí
pick-note-remove = retirar tu piedra de aquí
pick-note-add = añadir una piedra aquí
pick-note-piece = mover esta pieza
pick-note-approach = captura por aproximación: { $pieces }
pick-note-withdrawal = captura por alejamiento: { $pieces }
pick-note-white-piece = la pieza blanca
pick-note-black-piece = la pieza negra
pick-note-side = jugar con { $side }
pick-note-red = sembrar una piedra roja
pick-note-black = sembrar una piedra negra
pick-note-rest = el resto de la vuelta ({ $count } { $count ->
    [one] piedra
   *[other] piedras
})
