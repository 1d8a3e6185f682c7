# Words of the web pages of games (crates/web) and the link to them.

web-link = Page of this game: { $url }
web-site = Cairn
web-page-title = { $title }: { $status }
web-position-start = The start, before the first turn
web-position = After turn { $turn } of { $total }
web-previous = Previous turn
web-next = Next turn
web-turns = Turns
web-start = Start
web-turn-item = { $player }: { $turn }
web-no-turns = No turn has been played yet.
web-live = This page follows the game as it is played.
web-downloads = Downloads
web-replay = Replay (animated GIF)
web-record-text = Record (text)
web-record-json = Record (JSON, Abstract Play's game record)
web-keys = The left and right arrow keys step through the turns.

# The statistics pages (`/stats`, `/stats/<game>`).
web-stats-title = Statistics
web-stats-game-title = { $game }: statistics
web-stats-about = Every finished game of public channels and rooms, counted again at most once a minute. The first player is the one who made the first turn.
web-stats-none = No finished game has been counted yet.
web-stats-table = Finished games, per game
web-stats-game = Game
web-stats-played = Games played
web-stats-first-wins = First player's wins
web-stats-draws = Draws
web-stats-length = Average length (turns)
web-stats-timeouts = Lost on time
web-stats-rate = { $rate } (95 % interval: { $low } to { $high })
web-stats-variants = Most played variants
web-stats-variant = Variant
web-stats-standard = Default options
web-stats-records = Every record (JSON, Abstract Play's game records)
web-stats-game-records = This game's records (JSON, Abstract Play's game records)
web-stats-all = Statistics of every game
