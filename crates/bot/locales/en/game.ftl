# A game in progress: turns, the board, whose turn it is.

game-not-started-open = The game has not started: nobody has accepted { $challenger }'s open challenge yet.
game-not-started = The game has not started: { $challenged } has not accepted { $challenger }'s challenge yet.
game-none = There is no game in this channel. Start one with `challenge <game> <opponent>`.
game-over-here = The game of { $game } here is over: { $status }. Start a new one with `challenge <game> <opponent>`.
game-not-a-player = Only { $first } and { $second } play in this game; you can watch with `board`.
game-not-your-turn = It is { $player }'s turn, not yours.
game-say-which-turn = Say which turn to play, e.g. `move { $example }`; `moves` lists the legal turns.
game-say-which-turn-how = Say which turn to play. { $hint }
game-already-over = The game is already over.
game-refused = { $reason }. `moves` lists the legal turns.
game-played = { $player } played { $turn }. { $status }.
game-played-said = { $player } { $said }. { $status }.
game-played-mid-turn = { $player } played { $turn }; the turn goes on: { $name } to finish it.
game-draw-offer-lapses = { $name }'s draw offer lapses: an offer lasts until the next turn is played.
game-draw-offer-declined = { $name } plays on, so { $offerer }'s draw offer is declined.
game-undo-lapses = { $name }'s request to take back a turn lapses: it lasts until the next turn is played.
game-undo-refused = { $name } plays on, so { $asker }'s request to take back a turn is refused.
game-warning = Warning for { $name }: { $warning }.
game-no-game-yet-open = No game yet: { $challenger } has challenged anyone to { $game }.
game-no-game-yet = No game yet: { $challenger } has challenged { $challenged } to { $game }.
game-status-turns = { $status }. { $turns } { $turns ->
    [one] turn
   *[other] turns
} played.

# undo
game-undo-already-asked = You have already asked; waiting for { $opponent } to answer with `undo`.
game-undo-nothing-played = You have not played a turn yet, so there is nothing to take back.
game-undo-asks = { $name } asks to take back their last turn. { $opponent }, answer `undo` to allow it (this takes back { $turns }), or just play on.
game-undo-nothing = There is no turn to take back.
game-undo-broken = This game's history cannot be replayed, so the undo was not done.
game-undo-taken-turn = { $name }'s { $turn }
game-undo-taken-yours = your { $turn }
game-undo-done = Taken back for { $name }: { $turns } ({ $count } { $count ->
    [one] turn
   *[other] turns
}). { $status }.
# resign
game-resign-confirm = Resigning ends the game of { $game } at once and cannot be undone. To resign, send `resign` again within a minute; to play on, just play.
game-resign-confirm-button = Resigning ends the game of { $game } at once and cannot be undone. To resign, send `resign` again within a minute (or press the button); to play on, just play.
game-resign-button = Resign
game-resigns = { $loser } resigns. { $winner } wins.
# draw
game-draw-impossible = { $game } cannot end in a draw, so there is no draw to offer. You can play on or `resign`.
game-draw-already-offered = You have already offered a draw; waiting for { $opponent }.
game-draw-accepted = { $name } accepts the draw. The game is drawn by agreement.
game-draw-bot-declines = { $bot } declines the draw and plays on.
game-draw-offered = { $name } offers a draw. { $opponent }, answer `draw` to accept, or play on to decline.

# `moves`
game-next-step = { $how }.
game-moves-next-step = The turn is under way; its next part can be sent { $count ->
    [one] one way
   *[other] { $count } ways
}: { $turns }. { $how }.
game-moves-next-step-and-more = The turn is under way; its next part can be sent { $count } ways: { $turns } and { $more } more. { $how }.
game-moves-none = There are no legal turns: the game is over.
game-moves-too-many = There are { $count } legal turns, too many to list. { $hint }
game-moves-how-written = `rules { $game }` shows how turns are written.
game-moves = { $count } legal { $count ->
    [one] turn
   *[other] turns
}: { $turns }.
game-moves-and-more = { $count } legal { $count ->
    [one] turn
   *[other] turns
}: { $turns } and { $more } more.


## `pick`: a turn step by step.

pick-head = { $player }, choose the first step of your turn with `pick N`:
pick-head-so-far = { $player }, your turn so far: { $turn }. Choose the next step with `pick N`:
pick-entry = { $number }. { $label }
pick-entry-note = { $number }. { $label }: { $note }
pick-play-as-it-stands = play { $turn } as it stands
pick-more = `pick more`: the next page (this one shows { $from } to { $to } of { $count }).
pick-back = `pick back` takes the last step back.
pick-stale = The position has changed since your last list of steps, so that list no longer applies; write `pick` for the first steps of your turn now.
pick-none-shown = You have no list of steps in this game yet; write `pick` to see the first steps of your turn.
pick-no-such-option = There is no option { $number } in your list: choose a number from 1 to { $count }, or write `pick back` or `pick more`.
pick-nothing-to-undo = No step is chosen yet, so there is none to take back; choose a number from 1 to { $count }.
pick-not-a-step = { $word } is not a step of the list: write `pick` for the list, `pick N` to choose option N, `pick back` to take a step back or `pick more` for the next page.

# The buttons of a game's card, and a press on a card of an earlier turn.
card-move = Move
card-moves = Moves
card-undo = Undo
card-draw = Draw
card-resign = Resign
card-rematch = Rematch
card-replay = Replay
card-superseded = This card shows an earlier turn, and the game has moved on: the current card is the latest one in{" "}
card-superseded-end = .
