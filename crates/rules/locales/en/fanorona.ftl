# Fanorona: the game's own words.

fanorona-title = Fanorona
fanorona-summary = Madagascar's capture game on 9 x 5 points (board=tsivy, 22 pieces each) or 5 x 5 (board=dimy, 12 each); White moves first. Capture by approach (step towards an enemy piece so that it lies just beyond your landing point) or withdrawal (step away from an enemy piece next to you); the whole unbroken line of enemy pieces in that direction is taken. Captures are compulsory; after a capture the same piece may capture again, but not onto a point it already visited this turn nor in the same direction twice in a row; stopping is always allowed. Without a capture, a turn is one step (a paika). Capturing every enemy piece wins; a player with no legal move loses. A stalled game (stall-turns=50 turns without a capture, or a position seen a third time): with stall=score (default) the player who captured more wins, equal is a draw; with stall=draw it is a draw. paika=forward allows only forward paika steps.
fanorona-notation = A paika step: `move d2-d3`. A capture: the landing point followed by `a` (approach) or `w` (withdrawal), `move d2-d3a`; a chain lists each landing point, `move e2-e3a-f4w`. The `a`/`w` may be left out when the step can capture only one way.
fanorona-option-board = tsivy: 9 x 5 points; dimy: 5 x 5
fanorona-option-stall = how a stalled game ends: the player who captured more wins, or a draw
fanorona-option-stall-turns = turns without a capture that stall the game
fanorona-option-paika = forward allows only forward paika steps
fanorona-view-title-tsivy = Fanorona (Tsivy, 9 x 5)
fanorona-view-title-dimy = Fanorona (Dimy, 5 x 5)
fanorona-hint-legend-onto-captured = Green dots: where your legal turns move a piece; a green ring around an enemy piece: a chain captures it, then moves onto its point

## Refused turns.

fanorona-usage = write a paika as d2-d3 and a capture as d2-d3a (approach) or d2-d3w (withdrawal), a sequence as e2-e3a-f4w
fanorona-refusal-not-a-turn = `{ $text }` is not a Fanorona turn: { fanorona-usage }
fanorona-refusal-not-a-point = `{ $token }` is not a point of the { $files } x 5 board: { fanorona-usage }
fanorona-refusal-either-way = that step can capture either way; say which: { $choices }
fanorona-choice = { $turn } takes { $takes }
fanorona-choices = { $first }; { $rest }
fanorona-refusal-not-yours = { $point } { $holds ->
        [opponent] holds your opponent's piece
       *[empty] is empty
    }; the { $colour ->
        [white] white
       *[black] black
    } pieces that can move are on { $movable }
fanorona-refusal-not-next-to = { $to } is not next to { $at } along a line; { $options }
fanorona-refusal-must-capture = a capture is compulsory, so a paika is not allowed; { $options }
fanorona-refusal-revisit = the piece may not return to { $point }, a point it already occupied this turn
fanorona-refusal-same-direction = the piece may not move twice in a row in the same direction ({ $at } to { $to })
fanorona-refusal-paika-forward = with paika=forward a paika must go forwards; { $options }
fanorona-refusal-not-legal = that is not a legal turn here; { $options }
fanorona-options = from { $from } you can play { $turns }
fanorona-options-captures = captures are compulsory; the capturing moves start { $starts }
fanorona-options-stuck = the piece on { $from } cannot move
