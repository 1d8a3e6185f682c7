# Game history: export, ratings and leaderboards.

history-no-game = There is no game in this channel to show; a game's replay and record stay here after it ends, until a new game starts. Start one with `challenge <game> <opponent>`.
export-broken = Sorry, this game's stored turns do not replay, so I cannot write its record.
export-done = The record of { $game } ({ $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}): JSON in Abstract Play's game record format, and text (`cairn position <game> --record <file>` replays either).
export-json-description = Game record of { $game }
export-text-description = Game record of { $game } as text

rating-record = { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $wins ->
    [one] { $wins } win
   *[other] { $wins } wins
}, { $losses ->
    [one] { $losses } loss
   *[other] { $losses } losses
}{ $draws ->
    [0] {""}
    [one] , { $draws } draw
   *[other] , { $draws } draws
}
rating-provisional = { $rating } (provisional until its deviation, now { $deviation }, is { $limit } or less)
rating-established = { $rating } (deviation { $deviation })
rating-line = { $game }: { $rating }; { $record }.
rating-none = { $name } has no rated game yet.
rating-none-in = { $name } has no rated { $game } game yet.
rating-unrated-note = Games between two people count once each player has made two turns, however they end; games against the bot do not.
rating-head = { $name }'s ratings (Glicko-2):
rating-head-in = { $name }'s { $game } rating (Glicko-2):

leaderboard-usage = Write `leaderboard <game>` for this server or room, or `leaderboard <game> all` for everyone the bot plays with.
leaderboard-which-game = Which game? { $usage } Games: { $games }.
leaderboard-not-a-scope = `{ $scope }` is not a scope. { $usage }
leaderboard-everywhere = everywhere
leaderboard-on-this-server = on this server
leaderboard-here = here
leaderboard-title = { $game } leaderboard { $scope }
leaderboard-empty = Nobody has a rated { $game } game { $scope } yet.
leaderboard-everyone-hint = `leaderboard { $name } all` shows everyone's ratings.
leaderboard-footer = { $count ->
    [one] { $count } rated player
   *[other] { $count } rated players
}. Glicko-2; ? marks a provisional rating (deviation above { $limit }).
leaderboard-row = { $rank }. { $name } { $rating } ({ $games ->
    [one] { $games } game
   *[other] { $games } games
}, { $record } won-lost-drawn)
leaderboard-column-rank = #
leaderboard-column-player = player
leaderboard-column-rating = rating
leaderboard-column-games = games
leaderboard-column-record = W-L-D

games-unreadable-one = (The stored game of { $key } cannot be read and is left out; an operator can run `cairn db check`.)
games-unreadable = ({ $count } stored games cannot be read and are left out; an operator can run `cairn db check`.)
games-none = You have no games yet. Start one with `challenge <game> <opponent>`.
games-none-in-progress = You have no game in progress.
games-in-progress = Your games in progress, most urgent first:
games-line-head = - { $game } in{" "}
games-line-tail = : { $status }{ $yours }{ $time }
games-your-turn = {" "}(your turn)
games-time-left = , { $time } left
games-open-challenges = Your challenges:
games-open-line-head = - { $game } in{" "}
games-open-line-tail = : open to anyone{ $lapses }
games-open-lapses = , lapses in { $time }
games-addressed-line-tail = : waiting for { $challenged } to accept{ $lapses }
games-challenges-to-you = Challenges to you:
games-to-you-line-head = - { $game } from { $challenger } in{" "}
games-to-you-line-tail = : answer `accept` or `decline`{ $lapses }
games-recent = Recent results:
games-recent-line = - { $game }: { $status }
