# Titles and captions: who plays whom, whose turn it is, how a game ended.

player-label = { $name } ({ $seat })
game-title = { $game }: { $first } vs { $second }
caption-to-move = { $player } to move
end-wins = { $winner } wins: { $why }
end-draw = Draw: { $why }
end-draw-agreement = Draw by agreement

# Why a game ended, one wording per reason; `$side` is the player the
# reason is about (the loser, or in a draw the player to move).
end-reason-resign = { $side } resigned
end-reason-timeout = { $side } ran out of time
end-reason-no-moves = { $side } has no legal move
end-reason-all-captured = every piece of { $side } is captured
end-reason-line = a line held through the opponent's turn
end-reason-square = { $side } could not answer the square with a larger one
end-reason-bigger-square = a larger square answered the check
end-reason-cleared = their row is clear of their colour
end-reason-repetition = the same position a third time
end-reason-stall = the game stalled
end-reason-exhausted = every piece is placed and no square was made
end-reason-agreement = both players agreed

# The captions of a replay's frames.
replay-start = Start: { $player } to move
replay-turn = Turn { $number } of { $total }: { $player } played { $turn }
replay-turn-said = Turn { $number } of { $total }: { $player } { $said }
replay-wins = { $player } wins ({ $reason })
replay-draw = Draw ({ $reason })
replay-after = { $end } after { $total ->
    [one] { $total } turn
   *[other] { $total } turns
}
replay-description = Replay of { $game }
# A reason in a word or two, as the replay's last caption gives it.
reason-short-line = a line held
reason-short-no-moves = no legal move
reason-short-all-captured = all pieces captured
reason-short-repetition = threefold repetition
reason-short-stall = stalled
reason-short-square = an unanswered square
reason-short-bigger-square = a larger square
reason-short-exhausted = all pieces placed
reason-short-cleared = row cleared
reason-short-resign = by resignation
reason-short-timeout = on time
reason-short-agreement = by agreement

# `replay`
replay-no-images = Images are turned off for this bot, so I cannot draw a replay; `export` gives the game's record as text.
replay-failed = Sorry, the replay of this game could not be drawn. `export` still gives its record.
replay-so-far = The replay of { $game }, { $turns } { $turns ->
    [one] turn
   *[other] turns
} so far.
replay-to-the-end = The replay of { $game }, { $turns } { $turns ->
    [one] turn
   *[other] turns
} to the end.

## The board image's description (alt text), before the board in words.

describe-status = { $status }.
describe-last-turn = Last turn: { $player } played { $turn }.
describe-clock = { $player } { $time }
describe-clocks = Time left: { $first }, { $second }.
describe-last-turn-alone = Last turn: { $turn }.

# The text board's legend of stacks.
text-board-stack-pair = { $stack }: a stack read top stone first, { $top } on { $bottom }
text-board-stack-height = { $stack }: a stack { $height } high with { $top } on top
