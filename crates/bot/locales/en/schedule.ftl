# What the scheduler says on its own: turn reminders, losses on time,
# challenges that lapse unanswered.

schedule-reminder = { $player }, it is your turn in { $game } against { $opponent }: { $left } left to play it.
schedule-reminder-last = { $player }, only { $left } left for your turn in { $game } against { $opponent }; when it runs out, the game is lost on time.
schedule-lost-on-time = { $loser } ran out of time. { $winner } wins on time.
schedule-challenge-expired-open = The open challenge from { $challenger } ({ $game }) has expired: nobody accepted it within { $within }.
schedule-challenge-expired = The challenge from { $challenger } to { $challenged } ({ $game }) has expired: it was not answered within { $within }.
# Timed events the bot could not post in their channel (it may only
# answer there), told at the top of the next reply there.
schedule-meanwhile = Meanwhile ({ $ago } ago): { $news }
