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
