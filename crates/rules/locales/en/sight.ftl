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
