# Challenges: made, accepted, declined or withdrawn.

challenge-usage = Write `challenge <game> [opponent] [key=value ...]`, e.g. { $example }or `challenge { $starter } bot`; without an opponent, anyone may accept.
challenge-which-game = Which game, and against whom? { $usage }
challenge-yourself = You cannot challenge yourself. Challenge another player, or the bot (`bot`).
challenge-option-twice = Option `{ $key }` is given twice; give each option once.
challenge-level-range = `level` must be a whole number from 1 to 5, not `{ $value }`.
challenge-not-an-option = I don't understand `{ $word }`: options are written key=value. { $usage }
challenge-cannot-start = { $game } can't start like that: { $reason }.
challenge-bad-options = { $reason }.
challenge-pie-rule-as = In { $game } the challenger is the setter and the other player chooses the colours, so `as=` does not apply.
challenge-not-a-side = `as={ $word }` is not a side: use as={ $first }, as={ $second } or as=random.
challenge-level-bot-only = `level=` sets the bot's strength; it only applies when you challenge the bot.
challenge-busy = This channel already has a game of { $game } ({ $first } vs { $second }). { $elsewhere }, or finish this one first.
challenge-elsewhere-thread = Start a thread or use another channel for a new game
challenge-elsewhere = Use another channel for a new game
challenge-pending = { $challenger } has already challenged { $challenged } here: wait for an answer. { $elsewhere }.
challenge-replaces = This replaces { $challenger }'s challenge to { $challenged } ({ $game }), which is withdrawn.
challenge-bot-takes-on = { $challenger } takes on { $bot } at { $game } ({ $details }). { $status }. { $hint }
challenge-made = { $challenger } challenges { $challenged } to { $game }{ $seats }{ $clock }. { $challenged }, answer with `accept` or `decline` within { $within }.
challenge-seats-pie = ; { $challenger } sets up, { $challenged } chooses the colours
challenge-seats-chosen = { " " }({ $challenger } plays { $seat })
challenge-clock-per-move = { $lead }{ $control } a turn
challenge-clock-bank = { $lead }{ $control }
challenge-clock-lead-bot = your clock:{ " " }
challenge-level = level { $level }
game-first-hint = `{ $rules } { $game }` shows how turns are written; `{ $moves }` lists the legal turns; `{ $pick }` builds a turn step by step, with no notation.
challenge-clock-lead = ; clock:{ " " }
challenge-accept-button = Accept
challenge-decline-button = Decline
challenge-none-to-accept = There is no challenge to accept in this channel.
challenge-not-for-you = This challenge is for { $challenged }, not for you.
challenge-accepted = { $name } accepts. { $title }. { $status }. { $hint }
challenge-none-to-decline = There is no challenge to decline in this channel.
challenge-none-to-cancel = There is no challenge to cancel in this channel.
challenge-only-can-decline = Only { $name } can decline this challenge.
challenge-only-can-decline-yours = Only { $name } can decline this challenge. To withdraw your own challenge, use `cancel`.
challenge-only-can-cancel = Only { $name } can cancel this challenge.
challenge-only-can-cancel-theirs = Only { $name } can cancel this challenge. To refuse it, use `decline`.
challenge-declined = { $challenged } declines the challenge from { $challenger }.
challenge-withdrawn = { $challenger } withdraws the challenge to { $challenged }.

challenge-clock-unreadable = `{ $given }` is not a time: write a number and a unit, d (days), h (hours) or m (minutes), e.g. `3d`, `12h`, `7d+1d`, or `none`.
challenge-clock-too-short = A clock needs at least { $minimum } per player; `{ $given }` is shorter.

# Open challenges: no opponent named, anyone but the challenger may accept.
challenge-made-open = { $challenger } challenges anyone to { $game }{ $seats }{ $clock }. The first to answer `accept` plays; the challenge stands for { $within }.
challenge-seats-pie-open = ; { $challenger } sets up, the opponent chooses the colours
challenge-pending-open = { $challenger } has an open challenge here ({ $game }): `accept` it, or wait until it is answered or withdrawn. { $elsewhere }.
challenge-replaces-open = This replaces { $challenger }'s open challenge ({ $game }), which is withdrawn.
challenge-own-open = This open challenge is yours: someone else has to accept it. To withdraw it, use `cancel`.
challenge-own-addressed = This challenge is yours: { $challenged } accepts it. To withdraw it, use `cancel`.
challenge-open-no-decline = This challenge is open to anyone, so there is nothing to decline: leave it, and it lapses. Only { $challenger } can withdraw it, with `cancel`.
challenge-withdrawn-open = { $challenger } withdraws the open challenge to { $game }.
challenge-cancel-button = Withdraw

# Rematch: the game that ended here again, sides swapped.
rematch-made = { $challenger } asks { $challenged } for a rematch of { $game }, sides swapped{ $seats }{ $clock }. { $challenged }, answer with `accept` or `decline` within { $within }.
rematch-no-game = No game has ended in this channel, so there is nothing to rematch. Start one with `challenge`.
rematch-still-playing = Your game here is still going on; `rematch` asks for another one once it has ended.
rematch-new-game = A new game has started here ({ $first } vs { $second }), so the game before it can no longer be rematched. Challenge your opponent with `challenge` in another channel or thread.
rematch-not-a-player = The last game here was between { $first } and { $second }; only they can ask for its rematch.
rematch-too-late = That game ended more than { $window } ago, and a rematch is offered only for { $window } after a game ends. Challenge { $opponent } again with `challenge`.
rematch-offer = { " " }`{ $rematch }` within { $window } plays again with the sides swapped.
rematch-button = Rematch

## A game moved into its own thread: the words around the link.

thread-moved-before = The game { $game } goes on in its own thread:{ " " }
thread-moved-after = .
