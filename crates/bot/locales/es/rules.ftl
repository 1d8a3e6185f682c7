# `rules` y `rules <game>`.

rules-list-head = Los juegos de Cairn (`rules <juego>` para más):
rules-list-item = - { $game }: { $summary }.
rules-game = { $game }: { $summary }
    Cómo escribir una jugada: { $notation }
    { $options }`moves` muestra las jugadas legales; `pick` elige una jugada paso a paso, sin notación. Reglas completas: docs/rules/{ $name }.md en el repositorio de Cairn.
rules-options-head = Opciones (tras el rival en `challenge { $name } <oponente>`):
rules-option = - `{ $usage }`{ $default }: { $help }
rules-option-default = { " " }(por defecto { $value })
