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
