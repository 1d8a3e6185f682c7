# Sight: the game's own words.

sight-title = Sight
sight-summary = Placement and movement on the 5 x 5 board, empty at the start, White moves first. Pieces see each other along a line with nothing between them. While you have no stack (two or more pieces on one point), place a piece on an empty point. Once you have a stack, you must instead move the top piece of one of your tallest stacks one step to an adjacent empty point. Either way, every piece of your colour that the placed or moved piece sees grows by one (the stack it came from excepted). A player with no legal move on their turn loses; there are no draws.
sight-notation = A placement: the point, `move c3`. A move: the stack's point and the empty point next to it, `move c3-c4` (`c3c4` also works).
sight-view-title = Sight
sight-note-pieces = { $seat }: { $pieces } { $pieces ->
        [one] piece
       *[other] pieces
    } on { $points } { $points ->
        [one] point
       *[other] points
    }, { $tallest ->
        [0] no stack
       *[other] tallest stack { $tallest }
    }

## Refused turns.

sight-refusal-not-a-turn = `{ $text }` is not a Sight turn: write a point to place a piece (c3) or two points to move the top of a stack (c3-c4)
sight-refusal-not-a-point = { $point } is not a point of the 5 x 5 board (files a to e, ranks 1 to 5)
sight-refusal-must-move = you have a stack, so you must move the top piece of one of your tallest stacks (height { $height }) one step to an adjacent empty point: { $moves }
sight-refusal-occupied = { $point } already holds { $whose ->
        [own] your own piece
       *[opponent] a piece of your opponent
    }; you can place on { $empty }
sight-refusal-must-place = you have no stack yet, so you must place a piece on an empty point (write just the point, e.g. c3)
sight-refusal-not-yours = { $point } { $holds ->
        [opponent] holds a piece of your opponent
       *[empty] is empty
    }; you must move from one of your tallest stacks (height { $height }): { $tallest }
sight-refusal-not-tallest = { $point } { $size ->
        [1] is a single piece
       *[other] is a stack of { $size }
    }, but you must move from one of your tallest stacks (height { $height }): { $tallest }
sight-refusal-not-a-step = { $to } is not one step from { $from } along a line; { $options }
sight-refusal-step-occupied = { $to } is occupied; { $options }
sight-refusal-no-step = the stack on { $from } has no empty neighbour; your moves are { $moves }
sight-refusal-steps = from { $from } you can move to { $targets }

## Why a game ended, and the warning before it.

sight-end-full = every point is occupied, so { $loser } has no legal move
sight-end-boxed = no empty point is left next to { $loser }'s tallest { $count ->
        [one] stack
       *[other] stacks
    } ({ $height } high: { $stacks }), so { $loser } has no legal move
sight-warning = only { $point } is empty next to { $mover }'s tallest { $count ->
        [one] stack
       *[other] stacks
    } ({ $height } high: { $stacks }): if it is filled, { $mover } has no legal move and loses
