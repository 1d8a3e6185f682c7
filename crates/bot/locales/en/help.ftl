# The command set: names, descriptions, arguments, choices and help.
# Discord shows `command-*`, `arg-*` and `choice-*` (at most 100
# characters each; names at most 32, lower case, no spaces).

help-head = Cairn plays seven board games in chat. Commands:
help-line = - `{ $usage }`: { $description }
help-foot = Start with `challenge { $starter } <opponent>` or `rules`. In a game, `pick` lets you play without knowing any notation.
help-command = `{ $usage }`: { $description }.
help-no-such-command = There is no command `{ $word }`{ $hint }. Commands: { $commands }.
help-did-you-mean = {" "}(did you mean `{ $command }`?)
command-did-you-mean = {" "}Did you mean `{ $command }`?
# Other words that call commands, `word:command` (besides each command's name).
command-more-words = withdraw:cancel refuse:decline concede:resign ranking:leaderboard rankings:leaderboard
command-write-move = {" "}To play a turn, write `move { $turn }`.
command-unknown = I don't know the command `{ $word }`.{ $hint } Commands: { $commands }.
command-too-long = That command is { $length } characters long; I read commands of at most { $limit } characters.
command-key-twice = Option `{ $key }` is given twice; give each option once.
command-unknown-key = `{ $command }` has no option `{ $key }`; it takes { $keys }. Write `{ $usage }`.
command-missing = Write `{ $usage }`.
command-unexpected = I don't understand `{ $word }` here. Write `{ $usage }`.

command-challenge-name = challenge
command-challenge = challenge someone (or the bot, or anyone) to a game in this channel
command-challenge-details = Games: { $games }. Options are the game's own (see `rules <game>`). `as=` picks your colour (default: you move first); `level=` sets the bot's strength when you challenge the bot; `clock=` sets the time for each turn (`3d`), or a bank that gains time with each turn, never above its start (`7d+1d`), or `none`. Units: { $units }; the shortest clock is { $minimum } a turn. A player who runs out of time loses; reminders come when half the time is used and near the end. Without an opponent the challenge is open: anyone but you may accept it. An unanswered challenge expires after { $ttl }.
command-accept-name = accept
command-accept = accept the challenge made to you, or an open one
command-decline-name = decline
command-decline = decline the challenge made to you
command-cancel-name = cancel
command-cancel = withdraw your own challenge
command-rematch-name = rematch
command-rematch = play the game that just ended here again, sides swapped
command-rematch-details = Within 24 hours of the end, either player may ask: the same game, options and clock, the sides swapped, answered like any challenge (the bot accepts at once). Once a new game starts here, the one before can no longer be rematched.
command-move-name = move
command-move = play your turn (also `play`), e.g. `move b2 a4 d1`
command-move-details = The notation depends on the game: `rules <game>` shows it, `moves` lists every legal turn.
command-pick-name = pick
command-pick = choose your turn step by step, without notation: `pick`, then `pick N`
command-pick-details = `pick` lists the first steps of your turn (a point, a piece, a pit...), numbered; `pick N` takes step N and lists the next ones, and plays the turn once it is whole; `pick back` takes the last step back; `pick more` shows the next page of a long list. Only the player to move can pick.
command-board-name = board
command-board = show the board
command-moves-name = moves
command-moves = list the legal turns and show them on the board
command-undo-name = undo
command-undo = ask to take back your last turn
command-undo-details = Any turn played after it is taken back too; the other player's `undo` grants it, and the request lapses when a turn is played.
command-resign-name = resign
command-resign = give up the game (it asks first)
command-resign-details = A second `resign` within a minute confirms.
command-draw-name = draw
command-draw = offer a draw, or accept the one offered
command-draw-details = Only games that can be drawn; an offer lapses when the next turn is played.
command-rules-name = rules
command-rules = the rules of a game in short, and where the full rules are
command-games-name = games
command-games = your games and challenges in every channel, and your last results
command-replay-name = replay
command-replay = the game in this channel as an animated picture, turn by turn
command-replay-details = It is also posted when a game ends.
command-export-name = export
command-export = the record of the game in this channel, as JSON and as text
command-export-details = The JSON follows Abstract Play's format.
command-rating-name = rating
command-rating = your ratings (or another player's), Glicko-2 per game
command-rating-details = Games between two people count once each player has made two turns, however they end; games against the bot do not. `rating puzzles` shows puzzle ratings.
command-leaderboard-name = leaderboard
command-leaderboard = the best rated players of a game here, or everywhere with `all`
command-leaderboard-details = Here is this server, room or channel; `all` is everyone the bot plays with.
command-notify-name = notify
command-notify = how you hear that it is your turn: in the channel, by direct message, or not at all
command-notify-details = `on`: a mention in the game's channel; `dm`: a direct message; `off`: no reminders; `digest 08:00 Europe/Madrid`: one direct message a day at that local time listing the games where it is your turn (the urgent reminder still comes on its own).
command-settings-name = settings
command-settings = this server's settings; members who may manage the server change them
command-settings-details = `threads=on` moves each accepted game into a thread of its own; `threads=off` keeps games in their channel. `web=off` takes this server's games off the web pages, records and statistics; `web=on` puts them back. `puzzle=08:00 zone=Asia/Tokyo` posts a puzzle in this channel every day at that time; `puzzle=off` stops it.
command-lang-name = lang
command-lang = the language I speak here: English, Japanese (日本語) or Spanish (español)
command-help-name = help
command-help = this list, or the details of one command

arg-game-name = game
arg-opponent-name = opponent
arg-options-name = options
arg-as-name = as
arg-clock-name = clock
arg-level-name = level
arg-turn-name = turn
arg-player-name = player
arg-scope-name = scope
arg-mode-name = mode
arg-threads-name = threads
arg-web-name = web
arg-language-name = language
arg-command-name = command
arg-step-name = step

arg-challenge-game = The game to play
arg-challenge-opponent = Whom to challenge (Cairn itself: the bot; nobody: anyone may accept)
arg-challenge-options = The game's options as key=value words, e.g. size=7 (suggested as you type)
arg-challenge-as = Your side (default: the side that moves first)
arg-challenge-clock = Time per move (3d), a bank plus a gain per move (7d+1d), or none
arg-challenge-level = The bot's strength from 1 (easy) to 5 (strong), when you challenge the bot
arg-move-turn = Your turn, e.g. b2 a4 d1 (legal turns are suggested as you type)
arg-pick-step = The number of a step of the list (or back, or more); nothing: the first steps
arg-rules-game = The game (leave it out for the list of games)
arg-rating-player = Whose ratings (leave it out for yours)
arg-rating-game = One game (leave it out for every game)
arg-leaderboard-game = The game
arg-leaderboard-scope = This server (the default) or everyone the bot plays with
arg-notify-mode = How turn reminders reach you (leave it out to see the current choice)
arg-settings-threads = Move each accepted game into a thread of its own (leave it out to see the settings)
arg-settings-web = Show this server's games on the web pages, records and statistics (leave it out to see the settings)
arg-lang-language = The language of this server's public messages (leave it out to see it)
arg-help-command = A command to explain (leave it out for the list)

choice-as-white = White (or Red)
choice-as-black = Black
choice-as-random = Random
choice-scope-here = This server
choice-scope-all = Everywhere
choice-mode-on = A mention in the game's channel
choice-mode-dm = By direct message
choice-mode-off = No reminders
choice-threads-on = On: a thread per game
choice-threads-off = Off: games stay in the channel

unknown-game = There is no game called `{ $name }`.{ $close } The games are { $games }.
unknown-game-close = {" "}Did you mean `{ $game }`?

command-vacation-name = vacation
command-vacation = your vacation: your clocks stand still and reminders stop while you are away
command-vacation-details = `vacation start 5d` starts one now (`vacation start` alone lasts until `vacation end`), `vacation from 2026-12-20 7d` plans one, `vacation end` ends or cancels it, `vacation auto on` spends an hour only when your time would otherwise run out. Each player has a number of vacation days a year; games made with `vacation=no` never pause.
arg-when-name = what
arg-vacation-when = start [N]d, from <year-month-day> [N]d, end, or auto on|off (leave it out to see where you stand)
arg-vacation-name = vacation
arg-challenge-vacation = no: the game's clocks never pause for a vacation (for tournaments)
choice-vacation-yes = Yes: clocks pause for a player's vacation
choice-vacation-no = No: clocks never pause
# Tournaments (#39).
command-tournament-name = tournament
command-tournament = organise, join, start or follow a tournament of this channel
command-tournament-details = `tournament create <game> [format=roundrobin|double|swiss] [rounds=N] [clock=3d] [max=N] [starts=2h|manual] [key=value ...]` organises one (anyone may); `join` and `leave` enter and leave it (a player who leaves forfeits the games not yet played); the organiser or the server's managers `start` or `cancel` it; `standings` shows the table. A round robin takes 3 to 16 players (everyone meets everyone; `double`: twice, sides swapped), a Swiss up to 64 (by default enough rounds to find a winner). Each game starts by itself in its own channel or thread with the tournament's clock and options, and is rated like any other; a round ends when its games end, and the next is paired at once. Ties are broken by Sonneborn-Berger (round robin) or Buchholz, then Sonneborn-Berger (Swiss).
command-tournaments-name = tournaments
command-tournaments = the tournaments of this channel
arg-action-name = action
arg-format-name = format
arg-rounds-name = rounds
arg-max-name = max
arg-starts-name = starts
arg-tournament-action = What to do: create, join, leave, start, standings or cancel
arg-tournament-game = The game of the tournament (create)
arg-tournament-options = The game's options as key=value words, e.g. size=7 (create)
arg-tournament-format = Round robin, double round robin or Swiss (create)
arg-tournament-rounds = How many rounds a Swiss has (create; default: enough to find a winner)
arg-tournament-clock = The games' clock: time per move (3d), a bank plus a gain (7d+1d), or none
arg-tournament-max = The most players (create)
arg-tournament-starts = When it starts by itself (2h, 1d), or manual (create)
choice-action-create = Create one
choice-action-join = Join
choice-action-leave = Leave
choice-action-start = Start
choice-action-standings = Standings
choice-action-cancel = Cancel
choice-format-roundrobin = Round robin
choice-format-double = Double round robin
choice-format-swiss = Swiss
command-premove-name = premove
command-premove = conditional turns: if your opponent plays this, answer that, at once
command-premove-details = `premove e4 f5 g6 h7` keeps a line (up to 6 pairs: their turn, your reply); several lines make a tree. Each line is checked by the rules when you enter it. When your opponent plays a turn a line begins with, your reply is played at once; a turn off every line drops them and you are told privately. Nobody else sees your lines. `premove clear` drops them.
command-premoves-name = premoves
command-premoves = your conditional turns in this game, privately
command-autoplay-name = autoplay
command-autoplay = play your turn for you when it is the only legal one
command-autoplay-details = `autoplay on`: whenever you have exactly one legal turn, it is played at once and announced as forced; `autoplay off` (the default) waits for you. Resigning and draws are never forced.
arg-line-name = line
arg-switch-name = switch
arg-premove-line = Their turn, then your reply, and so on (separate turns with commas if they hold spaces), or clear
arg-autoplay-switch = on or off (leave it out to see the setting)
choice-switch-on = On
choice-switch-off = Off
command-next-name = next
command-next = the board of your most urgent game where it is your turn, with a link to it
arg-at-name = at
arg-notify-at = With digest: the time of day, HH:MM, and your time zone (e.g. 08:00 Europe/Madrid; default UTC)
choice-mode-digest = A daily digest by direct message

command-review-name = review
command-review = the solver's verdict on a finished game: who wins with best play, and the turns that changed it
command-review-details = `review` looks at the last finished game in this channel; `review <id>` at any game by the id at the end of its web page's address. Each position the solver reaches within the budget is proven (win in N, loss in N, draw); a turn that changed who wins is named with one that kept the result. Games in progress are not reviewed.
arg-review-game = A game's id (leave it out for this channel's last game)
command-puzzle-name = puzzle
command-puzzle = a puzzle from real games: win within a few turns, with exactly one first turn that does
command-puzzle-details = `puzzle` shows your puzzle (or a new one), `puzzle <game>` or `puzzle new` a new one, `puzzle <turn>` answers (or use `pick`). A right answer goes on against the solver's best defence until the win; a wrong one ends the puzzle. Solved and failed puzzles rate you and the puzzle (Glicko-2): `rating puzzles`.
arg-puzzle-answer = Your answer (a turn), a game for a new puzzle, new, or rating
arg-settings-puzzle = Post a puzzle here every day at this time (HH:MM), or off
arg-settings-zone = The time zone of the daily puzzle's time (IANA name, e.g. Asia/Tokyo; UTC if left out)
arg-answer-name = answer
arg-puzzle-name = puzzle
arg-zone-name = zone
