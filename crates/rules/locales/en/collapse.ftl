# Collapse: the game's own words.

collapse-title = Collapse
collapse-summary = 9 x 5 board with the pieces round the edge (setup=ring, 12 each) or on the first and last ranks (setup=ranks, 9 each); White moves first. A turn: a piece flies along a line over empty points and stops just before the first piece it meets, which must be an enemy piece: that piece is captured. Every turn captures exactly one piece; there is no other move and no passing. A player who cannot capture on their turn loses (so does one with no pieces left); there are no draws.
collapse-notation = The piece's point and the point where it stops: `move c1-c4` (captures the enemy on c5). `c1c4`, and `c1xc5` naming the captured piece, also work.
collapse-option-setup = ring: 12 pieces each round the edge; ranks: 9 each on the first and last ranks
collapse-view-title = Collapse
collapse-view-title-ranks = Collapse (ranks)
collapse-note-pieces = { $seat }: { $count } pieces ({ $lost } lost)
