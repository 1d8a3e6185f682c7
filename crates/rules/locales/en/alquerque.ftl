# Alquerque: the game's own words.

alquerque-title = Alquerque
alquerque-summary = 5 x 5 board with diagonals through every other point, 12 pieces each, White moves first. Step to an adjacent empty point along a line, or capture by jumping over an adjacent enemy piece to the empty point beyond; the same piece may go on jumping (a chain), changing direction. rules=bell (default): captures are compulsory and a chain must go on while it can; no step backwards; no step straight back to the point a piece just left; a piece on the far rank only moves by capturing; a player with no legal move loses. rules=basic: steps in any direction, captures optional; the game ends when the player to move has no move, after stall=40 turns without a capture, or when a position comes back a third time: then whoever captured more wins (equal: a draw). Capturing every enemy piece wins in both.
alquerque-notation = A step: `move b2-c3`. A capture: `move b2xd4`; a chain lists each landing point, `move b2xd4xb4`. `b2c3` and `b2 c3` also work.
alquerque-option-rules = bell: compulsory captures and no steps back; basic: free steps, optional captures
alquerque-option-stall = turns without a capture that end a basic game
alquerque-view-title-bell = Alquerque (Bell rules)
alquerque-view-title-basic = Alquerque (basic rules)
alquerque-end-no-capture = no capture is possible any more (no legal move, or a position seen a third time)
