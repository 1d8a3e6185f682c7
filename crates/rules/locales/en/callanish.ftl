# Callanish: the game's own words.

callanish-title = Callanish
callanish-summary = Square board of cells (default 9 x 9), White moves first. Opening: White, then Black, places a single stone on any empty cell; each is a whole turn. Every later turn: remove one of your exposed stones (a lone stone or the top of a stack), then add two stones on cells a knight's move from where you removed, each on an empty cell or on a lone enemy stone (yours goes on top and controls the cell). The top stone controls a cell. At the end of each turn, the player who did not just move wins if they control at least half (rounded up) of the cells of any row or column: 5 of 9 on a 9 x 9 board. So a line you make wins only if it survives your opponent's turn, and your opponent must break it or lose. A player with no legal turn loses (this includes running out of stones). There are no draws.
callanish-notation = Opening turn: the cell, `move e5`. Later turns: the cell you remove from, then the two cells you add on, `move b2 a4 d1` (additions in either order; `b2-a4-d1` and `b2:d1,a4` also work).
callanish-option-size = cells along each side, odd
callanish-option-shape = circle blocks the corner cells of the 9 x 9 board, as in the leaflet
callanish-option-stones = stones each player has
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
