# The bot's language (`lang`).

lang-now-place = Cairn speaks { $language } here. Change it with `lang en`, `lang ja` or `lang es`.
lang-set-place = Done: Cairn speaks { $language } here from now on.
lang-set-server = Done: Cairn speaks { $language } in this server's public messages from now on. Replies only you see follow your own Discord language.
lang-server-admin-only = Only members who may manage the server change its language. You can still read me in your own Discord language: replies only you see follow it.
lang-unknown = I speak English (`lang en`), Japanese (`lang ja`) and Spanish (`lang es`), not `{ $asked }`.
lang-name-en = English
lang-name-ja = Japanese
lang-name-es = Spanish

# `notify` and `settings`
notify-on = Reminders of your turns come as a mention in the game's channel.
notify-off = You get no turn reminders (a loss on time is still announced).
notify-dm = Reminders of your turns come by direct message.
notify-now = { $state } Change it with `notify on`, `notify off` or `notify dm`.
notify-dm-discord-only = Reminders by direct message are not available here; use `notify on` or `notify off`.
notify-usage = Write `notify on` (a mention in the channel), `notify off` (no reminders) or `notify dm` (a direct message, where the platform allows it).
notify-done = Done. { $state }
settings-no-server = Settings belong to a server, and this conversation is not in one.
settings-threads-on = threads=on: each accepted challenge moves its game into a thread of its own, where I may create threads.
settings-threads-off = threads=off: games stay in the channel where the challenge was accepted.
settings-now = This server's settings: { $threads } { $web } Members who may manage the server change them with `settings threads=on|off` and `settings web=on|off`.
settings-threads-usage = Write `settings threads=on`, `settings threads=off`, `settings web=on` or `settings web=off`.
settings-admin-only = Only members who may manage this server can change its settings.
settings-changed = { $name } changed this server's settings: { $changes }
settings-web-on = web=on: the games played here have web pages, and those of its public channels are counted in the open records and statistics.
settings-web-off = web=off: the games played here have no web pages and are left out of the open records and statistics.

# The bot opponent and the limits on commands.
rate-limited = You are sending commands faster than I can take them; please wait { $seconds } s and try again.
bot-thinking = { $bot } is thinking… { $ahead } { $ahead ->
    [one] game
   *[other] games
} ahead of this one.
bot-move-failed = { $bot } could not make its move. { $problem }
bot-forced-win = this position is a forced win for { $seat } in { $turns }
bot-best-play-draw = this position is a draw with best play

# Durations and time controls in words (`clock=` values stay notation).
duration-days = { $count ->
    [one] { $count } day
   *[other] { $count } days
}
duration-hours = { $count ->
    [one] { $count } hour
   *[other] { $count } hours
}
duration-minutes = { $count ->
    [one] { $count } minute
   *[other] { $count } minutes
}
duration-seconds = { $count ->
    [one] { $count } second
   *[other] { $count } seconds
}
duration-pair = { $first } { $second }
duration-bank = { $start }, gaining { $increment } a turn
clock-unit-days = d (days)
clock-unit-hours = h (hours)
clock-unit-minutes = m (minutes)
clock-unit-seconds = s (seconds)
