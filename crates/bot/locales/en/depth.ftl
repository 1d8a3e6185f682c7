# Depth from the solver: `review`, puzzles, the daily puzzle.

review-not-an-id = { $word } is not a game's id: write `review` for this channel's last game, or `review` and the id at the end of its web page's address.
review-no-such-game = No game has that id.
review-no-game = No game has finished in this channel yet: `review` looks at the last finished game here, or write `review` and a game's id.
review-in-progress = This game is still being played: `review` looks at finished games only.
review-unreadable = That game's record no longer replays, so I cannot review it.
review-queued = Every search worker is busy: the review starts after { $ahead ->
    [one] one search
   *[other] { $ahead } searches
} ahead of it.
review-started = Reviewing { $positions } positions with the solver (at most { $seconds } seconds)…
review-head = Review of { $game }, { $first } vs { $second }: { $proven } of { $positions } positions proven in { $seconds } s.
review-start = At the start, { $value }.
review-start-unknown = The start is beyond the solver's reach.
review-no-turnings = No turn changed who wins with best play among the positions proven.
review-turning = Turn { $number }, { $player } { $turn }: { $before }; after it { $after }.{ $instead }
review-value-win = { $seat } wins in { $turns }
review-value-had-win = { $seat } had a win in { $turns }
review-value-draw = it is a draw with best play
review-value-had-draw = it was a draw with best play
review-winning-instead = { " " }Winning instead: { $turn }.
review-drawing-instead = { " " }Drawing instead: { $turn }.
review-more = …and { $count } more such turns.
review-beyond = { $count ->
    [one] One position was
   *[other] { $count } positions were
} beyond the solver's reach within the budget.

puzzle-task = Puzzle { $id } ({ $game }, rated { $rating }): { $player } to play and win within { $turns } turns, both sides' turns counted. Answer with `puzzle <turn>` or `pick`.
puzzle-you = You
puzzle-none-stored = There are no puzzles yet: an operator adds them with `cairn puzzles generate`.
puzzle-none-of-game = There are no puzzles of { $game } yet.
puzzle-unreadable = Puzzle { $id } no longer replays; write `puzzle new` for another.
puzzle-not-solving = You are not solving a puzzle: write `puzzle` for one.
puzzle-refused = { $reason }. Write `puzzle` to see the position again.
puzzle-whole-turn = Write your whole turn at once: a puzzle's answer is a whole turn.
puzzle-unchecked = I could not check that answer in time; please send it again.
puzzle-already-answered = That answer came after another one for the same position; write `puzzle` to see where you are.
puzzle-solved = Solved! { $player } played { $turn } and wins. Puzzle rating { $rating } ({ $change }).
puzzle-right-reply = Right: { $turn }. { $bot } defends with { $reply }.
puzzle-right-again = Right: { $turn }. You are still to move.
puzzle-instead = { " " }{ $turn } kept the win.
puzzle-wrong = Not that: after { $turn } the win is gone.{ $instead } Puzzle rating { $rating } ({ $change }). Write `puzzle` for another.
puzzle-rating = { $player }'s puzzle rating: { $rating } ({ $solved } solved of { $attempts }).
puzzle-rating-none = { $player } has not tried a puzzle yet.

puzzle-daily-done = You have already tried the puzzle of the day here; write `puzzle` for another one.
daily-puzzle-head = Puzzle of the day: { $game }.
daily-usage = Write `settings puzzle=08:00` (UTC), with a time zone `settings puzzle=08:00 zone=Asia/Tokyo`, or `settings puzzle=off`.
settings-changed-here = { $name } changed this channel's settings: { $changes }
settings-puzzle-on = puzzle={ $time }: a puzzle is posted here every day at { $time } ({ $zone }).
settings-puzzle-off = puzzle=off: no daily puzzle here.
