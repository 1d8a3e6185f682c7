# Words every game shares. Coordinates and turns are never translated.

turn-game-over = The game is over: no more turns can be played.
turn-not-legal = { $turn } is not a legal turn here

## Seats, capitalised as in a sentence's start ("White to move").

seat-white = White
seat-black = Black
seat-red = Red
seat-setter = Setter
seat-chooser = Chooser
seat-unknown = A player

## Lists in words: "a, b and c".

list-empty = nothing
list-and = { $first } and { $last }
list-comma = { $first }, { $rest }
list-more = { $count } more

## The status line under a board.

view-no-status = { "" }
status-to-move = { $seat } to move
status-wins-line = { $winner } wins: a line
status-wins-no-moves = { $winner } wins: { $loser } has no legal move
status-wins-all-captured = { $winner } wins: every piece of { $loser } is captured
status-wins-stall = { $winner } wins: more captures when play stalled
status-wins-square = { $winner } wins: { $loser } could not answer the square
status-wins-bigger-square = { $winner } wins: a larger square answered the check
status-wins-cleared = { $winner } wins: their row is clear of their colour
status-wins-resign = { $winner } wins: { $loser } resigned
status-wins-timeout = { $winner } wins: { $loser } ran out of time
status-wins-repetition = { $winner } wins: repetition
status-wins-exhausted = { $winner } wins: exhausted
status-wins-agreement = { $winner } wins: agreement
status-draw-stall = Draw: the game stalled
status-draw-repetition = Draw: the same position a third time
status-draw-exhausted = Draw: every piece is placed
status-draw-agreement = Draw by agreement
status-draw-line = Draw: line
status-draw-no-moves = Draw: no moves
status-draw-all-captured = Draw: all captured
status-draw-square = Draw: square
status-draw-bigger-square = Draw: bigger square
status-draw-cleared = Draw: cleared
status-draw-resign = Draw: resign
status-draw-timeout = Draw: timeout

## Notes and endings shared by the capture games.

note-taken = { $seat } has taken { $count } { $other }
note-quiet-turns = Turns without a capture: { $count } of { $limit }
end-quiet-turns = { $count } turns without a capture
end-third-time = the same position a third time
end-more-captures = { $why }, and { $seat } has taken more pieces ({ $more } to { $fewer })
end-equal-captures = { $why }, with equal captures ({ $count } each)

## The legend of the `moves` image.

game-hint-legend = Green dots: where your legal turns place or move a piece

## Plain text as an item of a list.

word = { $word }
list-or = { $first } or { $last }

## Warnings before a stalled capture game ends.

warning-stall = unless this turn captures, the game ends after { $limit } turns without a capture: { $result }
warning-result-wins = { $seat } wins on captures, { $more } to { $fewer }
warning-result-equal = a draw, captures being equal ({ $count } each)
warning-result-draw = a draw

## Refused game options.

option-not-key-value = `{ $word }` is not an option: write options as key=value, e.g. size=7
option-no-key = `{ $word }` has no option name before `=`
option-given-twice = option `{ $key }` is given twice
option-unknown = unknown option `{ $key }`: { $count ->
        [0] { $game } has no options
       *[other] { $game } knows { $known }
    }
option-out-of-range = option `{ $key }` must be a whole number from { $min } to { $max }{ $empty ->
        [yes] : nothing follows `=`
       *[no] , not `{ $given }`
    }
option-not-a-choice = option `{ $key }` must be one of { $choices }{ $empty ->
        [yes] : nothing follows `=`
       *[no] , not `{ $given }`
    }
option-even = { $key } { $size } is even: { $game } is played on odd sizes only ({ $first }, ... { $max })
option-not-odd = option `{ $key }` must be an odd number from { $min } to { $max }{ $empty ->
        [yes] : nothing follows `=`
       *[no] , not `{ $given }`
    }
option-not-a-point = `{ $point }` is not a cell of the { $files } x { $ranks } board
option-needs = { $key }={ $value } is { $why }: use it with { $needs }
option-unplayable = this board cannot be played: { $why }
option-wrong-kind = option `{ $key }` is declared as another kind of option
option-undeclared = { $game }'s options are not declared as its rules expect
board-short-line = { $kind ->
        [rank] rank
       *[file] file
    } { $line } would have only { $cells } playable { $cells ->
        [one] cell
       *[other] cells
    }: a line needs 0 or at least 3

## A board in words (the image's description, for readers who do not see
## it): the game, the pieces by colour, stacks bottom first, pits, what the
## last turn took and what won.

describe-game = { $game }.
describe-white = white
describe-black = black
describe-red = red
describe-pieces = { $colour ->
    [white] White
    [black] Black
   *[red] Red
    } ({ $count }): { $spots }.
describe-stack = Stack of { $count } on { $spot }, bottom first: { $pieces }.
describe-empty = The board is empty.
describe-blocked = Blocked: { $spots }.
describe-run = { $from } to { $to }
describe-pit = { $pit }: { $stones }.
describe-pit-south = South { $number }
describe-pit-north = North { $number }
describe-store-east = East store
describe-store-west = West store
describe-stones-red = { $count } red
describe-stones-black = { $count } black
describe-captured = Captured by the last turn: { $spots }.
describe-removed = Taken off by the last turn: { $spots }.
describe-winning = Winning pieces: { $spots }.
describe-note = { $note }.
describe-other-pits-empty = Every other pit and store is empty.

## What a step of the picker does (`pick`), beside its notation.

pick-note-place = place a piece here
pick-note-place-stone = place a stone here
pick-note-remove = remove your stone from here
pick-note-add = add a stone here
pick-note-piece = move this piece
pick-note-approach = capture by approach: { $pieces }
pick-note-withdrawal = capture by withdrawal: { $pieces }
pick-note-white-piece = the White piece
pick-note-black-piece = the Black piece
pick-note-side = play { $side }
pick-note-red = sow a red stone
pick-note-black = sow a black stone
pick-note-rest = the rest of the lap ({ $count } { $count ->
    [one] stone
   *[other] stones
})
