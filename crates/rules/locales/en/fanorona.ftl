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
