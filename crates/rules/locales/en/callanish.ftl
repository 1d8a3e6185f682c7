# Callanish: the game's own words.

callanish-title = Callanish
callanish-summary = Square board of cells (default 9 x 9), White moves first. Opening: White, then Black, places a single stone on any empty cell; each is a whole turn. Every later turn: remove one of your exposed stones (a lone stone or the top of a stack), then add two stones on cells a knight's move from where you removed, each on an empty cell or on a lone enemy stone (yours goes on top and controls the cell). The top stone controls a cell. At the end of each turn, the player who did not just move wins if they control at least half (rounded up) of the cells of any row or column: 5 of 9 on a 9 x 9 board. So a line you make wins only if it survives your opponent's turn, and your opponent must break it or lose. A player with no legal turn loses (this includes running out of stones). There are no draws.
callanish-notation = Opening turn: the cell, `move e5`. Later turns: the cell you remove from, then the two cells you add on, `move b2 a4 d1` (additions in either order; `b2-a4-d1` and `b2:d1,a4` also work).
callanish-option-size = cells along each side, odd
callanish-option-shape = circle blocks the corner cells of the 9 x 9 board, as in the leaflet
callanish-option-stones = stones each player has
callanish-circle-board = the leaflet's 9 x 9 board
callanish-option-blocked = cells taken out of play
callanish-view-title = Callanish { $size } x { $size }
callanish-view-title-circle = Callanish { $size } x { $size } (circle)
callanish-note-supply = { $seat } supply: { $count }
callanish-line-rank = rank { $line } with { $held } of its cells ({ $needed } needed)
callanish-line-file = file { $line } with { $held } of its cells ({ $needed } needed)
callanish-end-line = { $winner } holds { $lines }
callanish-warning = { $holder } holds { $lines }: break { $count ->
        [one] it
       *[other] them all
    } this turn or lose
callanish-warning-supply = this is { $mover }'s last turn: it empties { $mover }'s supply, so unless { $mover } holds a line when { $opponent } has moved, { $mover } has no legal turn then and loses
callanish-warning-both = { $lines }; also, { $supply }
callanish-hint-legend-opening = Green dots: the cells you can place a stone on
callanish-hint-legend = Green rings around { $mover } stones: the stones you can remove; green dots, and rings around { $opponent } stones: the cells you can add on

## Refused turns.

callanish-usage-opening = in the opening, name one empty cell, e.g. e5
callanish-usage-turn = write the cell you remove from, then the two cells you add on, e.g. b2 a4 d1
callanish-refusal-not-a-turn = `{ $text }` is not a Callanish turn: { $usage }
callanish-refusal-not-a-cell = { $cell } is not a cell of the { $size } x { $size } board (a1 to { $last })
callanish-refusal-blocked = { $cell } is a blocked cell, not part of the board
callanish-refusal-opening-one-cell = the opening turn is a single cell: { $usage }
callanish-refusal-taken = { $cell } is taken; place on an empty cell
callanish-refusal-wrong-count = a turn has three cells, not { $given }: { $usage }
callanish-refusal-not-removable = { $cell } { $holds ->
        [empty] is empty
        [own-stone] has no exposed stone of yours
        [own-stack] has no exposed stone of yours
        [enemy-stone] holds a lone enemy stone, not your exposed stone
       *[enemy-stack] holds a stack your opponent controls, not your exposed stone
    }; you can remove from { $removable }
callanish-refusal-supply-empty = your supply is empty: you cannot add two stones
callanish-refusal-too-few-additions = from { $from } you could add on { $count ->
        [0] no cell
       *[other] { $targets }
    } only, and a turn needs two additions
callanish-refusal-same-addition = the two additions must be different cells; from { $from } you can add on { $targets }
callanish-refusal-not-a-knight-move = { $cell } is not a knight's move from { $from }; from { $from } you can add on { $targets }
callanish-refusal-not-open = { $cell } { $holds ->
        [empty] is empty
        [own-stone] holds your own stone
        [own-stack] holds a stack you control
        [enemy-stone] holds a lone enemy stone
       *[enemy-stack] holds a stack your opponent controls
    }; from { $from } you can add on { $targets }
