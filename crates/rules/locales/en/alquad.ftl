# Alquad: the game's own words.

alquad-title = Alquad
alquad-summary = Placement on the 5 x 5 board. Setup: the setter (the challenger) places one White and one Black piece; then the chooser picks the colour they will play; each is a whole turn. Then White moves first and players place one piece a turn (12 each in all). Four of your pieces on the corners of a square (upright, or tilted 45 degrees on the diagonal points) is a check: your opponent gets one reply, and wins only if it completes a strictly larger square of theirs; otherwise the checker wins. If all pieces are placed without a square, the game is drawn.
alquad-notation = Setup: `move w:c3 b:d4` (the White point, then the Black point). Choice: `move white` or `move black`. Placement: the point, `move c2`.
alquad-view-title = Alquad
alquad-note-in-hand = { $side } in hand: { $count }
alquad-note-setup = Setter places one White and one Black piece
alquad-note-choose = Chooser picks White or Black
alquad-note-sides = Setter plays { $setter }, chooser plays { $chooser }
alquad-note-check = { $checker } has a square of area { $area }: { $other } must answer with a larger one
alquad-note-winning-square = { $side }'s winning square: area { $area }
alquad-end-square = { $checker } made a square of area { $area } and { $other } could not answer with a larger one
alquad-end-bigger-square = { $answerer } answered { $checker }'s square of area { $area } with a larger one, of area { $larger }
alquad-warning = { $checker } has a square of area { $area }: complete a square larger than { $area } this turn or lose
alquad-chose = chose to play { $side }

## Refused turns.

alquad-setup-hint = the setter first places one White and one Black piece on two different points, e.g. `w:c3 b:d4`
alquad-refusal-not-a-setup = `{ $text }` is not a setup: write the White point and the Black point, e.g. `w:c3 b:d4`
alquad-refusal-not-a-point = { $point } is not a point of the 5 x 5 board (files a to e, ranks 1 to 5)
alquad-refusal-two-of-one-colour = `{ $text }` names two { $side ->
        [white] White
       *[black] Black
    } points: the setup places one White and one Black piece, e.g. `w:c3 b:d4`
alquad-refusal-occupied = { $point } already holds { $whose ->
        [own] your own piece
       *[opponent] a piece of your opponent
    }; you can place on { $empty }
alquad-refusal-same-point = the White and the Black piece must go on two different points, not both on { $point }
alquad-refusal-setup-done = the setup is done: the chooser now picks a colour, `white` or `black`
alquad-refusal-setup-over = the setup is over: place one piece on an empty point, e.g. `{ $example }`
alquad-refusal-colours-after-setup = colours are chosen after the setup: { alquad-setup-hint }
alquad-refusal-colours-chosen = colours are already chosen (the setter plays { $setter ->
        [white] white
       *[black] black
    }, the chooser { $chooser ->
        [white] white
       *[black] black
    }): place one piece on an empty point
alquad-refusal-setup-first = { alquad-setup-hint }
alquad-refusal-choose-first = the chooser must first pick a colour: `white` or `black`
alquad-refusal-not-a-turn = `{ $text }` is not an Alquad turn: expected { $expected ->
        [setup] a setup such as `w:c3 b:d4`
        [colour] a colour, `white` or `black`
       *[point] a point to place on, such as `c2`
    }
