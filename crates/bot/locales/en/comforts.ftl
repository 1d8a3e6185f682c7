# Correspondence comforts: vacation, conditional turns, forced turns,
# `next`, the daily digest.

date-day-month = { $day } { $month }
month-1 = January
month-2 = February
month-3 = March
month-4 = April
month-5 = May
month-6 = June
month-7 = July
month-8 = August
month-9 = September
month-10 = October
month-11 = November
month-12 = December

vacation-left = You have { $left } of vacation left in { $year }.
vacation-on-until = You are on vacation until { $until }.
vacation-planned-state = Your vacation is planned from { $from } to { $until }.
vacation-auto-is-on = Automatic vacation is on: when your time would run out, an hour of vacation is spent instead, while any is left.
vacation-auto-is-off = Automatic vacation is off (`vacation auto on` spends an hour at a time, only when your time would otherwise run out).
vacation-auto-on = Automatic vacation is on: when your time would run out, an hour of your vacation is spent instead, while any is left this year.
vacation-auto-off = Automatic vacation is off: your time runs out as usual.
vacation-started = Your vacation starts now and lasts until { $until }: your clocks stand still and you get no reminders. { $left } of vacation left this year.
vacation-started-open = Your vacation starts now, until `vacation end` or until the year's vacation is spent on { $until }: your clocks stand still and you get no reminders.
vacation-planned = Your vacation is planned from { $from } to { $until }: your clocks will stand still then. { $left } of vacation left that year.
vacation-ended = Your vacation is over: your clocks run again. { $left } of vacation left this year.
vacation-cancelled = Your planned vacation is cancelled. { $left } of vacation left this year.
vacation-not-on = You are not on vacation and have none planned.
vacation-already = You are already on vacation until { $until }; `vacation end` ends it.
vacation-already-planned = You already have a vacation planned from { $from } to { $until }; `vacation end` cancels it first.
vacation-none-left = You have no vacation left in { $year }.
vacation-too-long = You asked for { $asked } of vacation, but only { $left } are left this year.
vacation-from-past = { $day } has already passed: give today or a later day, as `vacation from 2026-12-20 7d`.
vacation-games = It pauses the clock of { $count ->
    [one] one game
   *[other] { $count } games
} of yours.
vacation-opponent-away = { $name } is on vacation until { $until }: their clock stands still.
vacation-usage = Write `vacation` (where you stand), `vacation start 5d` (or `vacation start` until you end it), `vacation from 2026-12-20 7d`, `vacation end`, or `vacation auto on|off`.
vacation-bad-days = `{ $word }` is not a number of days: write it like `5d` (from 1 to 366 days).
vacation-bad-date = `{ $word }` is not a day: write it as year-month-day, like `2026-12-20`.
games-on-vacation = ({ $name } on vacation until { $until })
games-premoves = ({ $count ->
    [one] one conditional line of yours waiting
   *[other] { $count } conditional lines of yours waiting
})

premove-played = { $player } answers with a conditional turn: { $turn }. { $status }.
autoplay-forced = { $player } had only one legal turn, played for them: { $turn }. { $status }.
premove-your-turn = It is your turn: play it first. A conditional line answers your opponent's next turn, so it is written while they are to move.
premove-illegal = Turn { $number } of your line, { $turn }, is not legal there: { $reason }. Nothing was kept.
premove-past-the-end = The game would be over before turn { $number } of your line: end the line there. Nothing was kept.
premove-too-long = A line holds at most { $most } pairs (their turn, your reply). Nothing was kept.
premove-pairs = Write a line as pairs: their turn, then your reply, e.g. `premove e4 f5` (separate the turns with commas when a turn has spaces: `premove b2 a4 d1, c3 e5 e1`).
premove-too-many = You already keep { $most } lines in this game: `premove clear` drops them.
premove-clash = One of your lines already answers { $theirs } otherwise than with { $mine }: `premoves` lists them, `premove clear` drops them.
premove-kept = Kept, privately: { $line }. You have { $count ->
    [one] one line
   *[other] { $count } lines
} in this game.
premove-pair = if { $opponent } plays { $theirs }, you answer { $mine }
premove-then = ; then {""}
premove-cleared = { $count ->
    [0] You had no conditional turns in this game.
    [one] Your conditional line in this game is dropped.
   *[other] Your { $count } conditional lines in this game are dropped.
}
premove-no-game = You play no game in progress here.
premoves-none = You have no conditional turns in this game. `premove <their turn> <your reply>` queues one.
premoves-head = Your conditional turns here (only you see them):
premove-dropped = Your opponent played a turn none of your conditional lines expected, so they were dropped.
autoplay-on = When your only legal turn is forced, it is played for you at once (`autoplay off` stops it).
autoplay-off = Every turn of yours waits for you, forced or not (`autoplay on` plays a turn that is your only legal one).

next-none = It is your turn in none of your games.
next-head = Your most urgent game: { $game } in {""}
next-tail = . It is your turn{ $time }.

digest-head = Your turn in { $count ->
    [one] one game
   *[other] { $count } games
}:
digest-line = { $game } in {""}
digest-usage = Write `notify digest 08:00` (UTC) or with your time zone, `notify digest 08:00 Europe/Madrid`.
digest-bad-time = { $word } is not a time of day: write hours and minutes, like `08:00` or `19:30`.
digest-bad-zone = { $word } is not a time zone I know: write its IANA name, like `Europe/Madrid`, `Asia/Tokyo` or `America/Mexico_City`.
notify-digest = A digest comes once a day by direct message, listing the games where it is your turn; only the urgent reminder (a tenth of your time left) comes on its own.
notify-digest-at = A digest comes every day at { $time } ({ $zone }) by direct message, listing the games where it is your turn; only the urgent reminder (a tenth of your time left) comes on its own.
vacation-player-away = { $name } is on vacation until { $until }.
