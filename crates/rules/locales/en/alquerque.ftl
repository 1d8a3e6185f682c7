# Alquerque: the game's own words.

alquerque-title = Alquerque
alquerque-summary = 5 x 5 board with diagonals through every other point, 12 pieces each, White moves first. Step to an adjacent empty point along a line, or capture by jumping over an adjacent enemy piece to the empty point beyond; the same piece may go on jumping (a chain), changing direction. rules=bell (default): captures are compulsory and a chain must go on while it can; no step backwards; no step straight back to the point a piece just left; a piece on the far rank only moves by capturing; a player with no legal move loses. rules=basic: steps in any direction, captures optional; the game ends when the player to move has no move, after stall=40 turns without a capture, or when a position comes back a third time: then whoever captured more wins (equal: a draw). Capturing every enemy piece wins in both.
alquerque-notation = A step: `move b2-c3`. A capture: `move b2xd4`; a chain lists each landing point, `move b2xd4xb4`. `b2c3` and `b2 c3` also work.
alquerque-option-rules = bell: compulsory captures and no steps back; basic: free steps, optional captures
alquerque-option-stall = turns without a capture that end a basic game
alquerque-view-title-bell = Alquerque (Bell rules)
alquerque-view-title-basic = Alquerque (basic rules)
alquerque-end-no-capture = no capture is possible any more (no legal move, or a position seen a third time)

## Refused turns.

alquerque-usage = write a step as b2-c3 and a capture as b2xd4 (a chain as b2xd4xb4)
alquerque-refusal-not-a-turn = `{ $text }` is not an Alquerque turn: { alquerque-usage }
alquerque-refusal-not-a-point = `{ $point }` is not a point of the board: files run a-e and ranks 1-5
alquerque-refusal-no-turn = no turn given: { alquerque-usage }
alquerque-refusal-enemy-piece = { $point } holds a { $colour ->
        [white] white
       *[black] black
    } piece, not one of yours
alquerque-refusal-empty = { $point } is empty
alquerque-refusal-not-yours = { $why }; your pieces that can move are on { $movers }
alquerque-refusal-no-destination = name where the piece goes as well: { $options }
alquerque-refusal-with-options = { $why }; { $options }
alquerque-options = from { $from } you can play { $turns }
alquerque-options-stuck = the piece on { $from } has no legal move; your pieces that can move are on { $movers }
alquerque-refusal-occupied = { $to } is not empty
alquerque-refusal-must-capture = capturing is compulsory under Bell rules (enforced here instead of the leaflet's penalty), so { $turn } is not allowed: capture with { $captures }
alquerque-refusal-far-rank = a piece on the far rank may only move by capturing, so { $turn } is not allowed
alquerque-refusal-backward = under Bell rules a non-capturing step may not go backwards ({ $colour ->
        [white] white moves up
       *[black] black moves down
    })
alquerque-refusal-straight-back = the piece on { $from } just came from { $to } and may not step straight back
alquerque-refusal-too-many-jumps = a chain captures at most { $max } pieces, and that one names { $landings } landing points
alquerque-refusal-step-goes-on = { $from }-{ $to } is a step, and a step cannot go on to further points
alquerque-refusal-next-to = { $land } is next to { $at }: a jump lands on the point beyond an enemy piece
alquerque-refusal-no-line = no line joins { $from } and { $to }: { $from } has no diagonals, so a piece there steps only along its rank and file
alquerque-refusal-no-jump = { $land } cannot be reached from { $at } by a jump along a line
alquerque-refusal-nothing-to-jump = there is no { $colour ->
        [white] white
       *[black] black
    } piece on { $over } to jump over from { $at } to { $land }
alquerque-refusal-landing-taken = { $land } is not empty, so the jump from { $at } cannot land there
alquerque-refusal-must-continue = under Bell rules the capturing piece must keep jumping while it can, and from { $at } it can capture again: play { $longer }
alquerque-refusal-not-legal = { $turn } is not a legal turn here
