# Collapse: the game's own words.

collapse-title = Collapse
collapse-summary = 9 x 5 board with the pieces round the edge (setup=ring, 12 each) or on the first and last ranks (setup=ranks, 9 each); White moves first. A turn: a piece flies along a line over empty points and stops just before the first piece it meets, which must be an enemy piece: that piece is captured. Every turn captures exactly one piece; there is no other move and no passing. A player who cannot capture on their turn loses (so does one with no pieces left); there are no draws.
collapse-notation = The piece's point and the point where it stops: `move c1-c4` (captures the enemy on c5). `c1c4`, and `c1xc5` naming the captured piece, also work.
collapse-option-setup = ring: 12 pieces each round the edge; ranks: 9 each on the first and last ranks
collapse-view-title = Collapse
collapse-view-title-ranks = Collapse (ranks)
collapse-note-pieces = { $seat }: { $count } pieces ({ $lost } lost)

## Refused turns.

collapse-refusal-not-a-turn = `{ $text }` is not a Collapse turn: write a turn as <from>-<to>, e.g. c1-c4 (or c1xc5 naming the captured piece)
collapse-refusal-not-a-point = { $point } is not a point of the 9 x 5 board (a1 to i5)
collapse-refusal-not-yours = { $point } { $holds ->
        [opponent] holds your opponent's piece
       *[empty] is empty
    }; the { $colour ->
        [white] white
       *[black] black
    } pieces that can capture are on { $movable }
collapse-refusal-not-on-a-line = { $to } is not on a line from { $from }; { $hint }
collapse-refusal-no-capture = { $flight }; { $hint }
collapse-hint-piece-none = the piece on { $from } has no capture
collapse-hint-none = that piece has no capture
collapse-hint-moves = from { $from } you can play { $moves }
collapse-flight-stops = the piece on { $from } going { $heading } stops on { $stop } before the { $colour ->
        [white] white
       *[black] black
    } piece on { $victim }: play { $from }-{ $stop }
collapse-flight-too-close = the piece on { $from } cannot move { $heading }: { $next } is right next to it, and a piece must travel at least one point
collapse-flight-own-piece = the piece on { $from } going { $heading } would crash into your own piece on { $at }
collapse-flight-edge = the piece on { $from } going { $heading } reaches the edge without meeting a piece
collapse-heading-up = up
collapse-heading-right = right
collapse-heading-down = down
collapse-heading-left = left
collapse-heading-up-right = up-right
collapse-heading-down-right = down-right
collapse-heading-down-left = down-left
collapse-heading-up-left = up-left
