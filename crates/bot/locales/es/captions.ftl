# Títulos y leyendas: quién juega contra quién, de quién es el turno, cómo terminó la partida.

player-label = { $name } ({ $seat })
game-title = { $game }: { $first } contra { $second }
caption-to-move = Turno de { $player }
end-wins = { $winner } gana: { $why }
end-draw = Empate: { $why }
end-draw-agreement = Empate de común acuerdo

end-reason-resign = { $side } abandonó
end-reason-timeout = { $side } se quedó sin tiempo
end-reason-no-moves = { $side } no tiene ninguna jugada legal
end-reason-all-captured = todas las fichas de { $side } han sido capturadas
end-reason-line = una línea se mantuvo durante el turno del rival
end-reason-square = { $side } no pudo responder al cuadrado con uno mayor
end-reason-bigger-square = un cuadrado mayor respondió al jaque
end-reason-cleared = su fila quedó libre de su color
end-reason-repetition = la misma posición por tercera vez
end-reason-stall = la partida se estancó
end-reason-exhausted = todas las fichas están colocadas y no se formó ningún cuadrado
end-reason-agreement = ambos jugadores lo acordaron

replay-start = Inicio: turno de { $player }
replay-turn = Jugada { $number } de { $total }: { $player } jugó { $turn }
replay-turn-said = Jugada { $number } de { $total }: { $player } { $said }
replay-wins = { $player } gana ({ $reason })
replay-draw = Empate ({ $reason })
replay-after = { $end } tras { $total ->
    [one] { $total } jugada
   *[other] { $total } jugadas
}
replay-description = Repetición de { $game }
reason-short-line = línea
reason-short-no-moves = sin jugadas
reason-short-all-captured = todo capturado
reason-short-repetition = repetición
reason-short-stall = estancamiento
reason-short-square = cuadrado
reason-short-bigger-square = cuadrado mayor
reason-short-exhausted = fichas agotadas
reason-short-cleared = fila despejada
reason-short-resign = abandono
reason-short-timeout = tiempo agotado
reason-short-agreement = acuerdo

replay-no-images = Las imágenes están desactivadas en este bot, así que no puedo dibujar una repetición; `export` da el registro de la partida como texto.
replay-failed = Lo siento, no se pudo dibujar la repetición de esta partida. `export` sigue dando su registro.
replay-so-far = La repetición de { $game }, { $turns } { $turns ->
    [one] jugada
   *[other] jugadas
} hasta ahora.
replay-to-the-end = La repetición de { $game }, { $turns } { $turns ->
    [one] jugada
   *[other] jugadas
} hasta el final.

## La descripción de la imagen del tablero, antes del tablero en palabras.

describe-status = { $status }.
describe-last-turn = Última jugada: { $player } jugó { $turn }.
describe-clock = { $player } { $time }
describe-clocks = Tiempo restante: { $first }, { $second }.
describe-last-turn-alone = Última jugada: { $turn }.

# La leyenda de las pilas del tablero de texto.
text-board-stack-pair = { $stack }: una pila escrita de arriba abajo, { $top } sobre { $bottom }
text-board-stack-height = { $stack }: una pila de { $height } con { $top } arriba
