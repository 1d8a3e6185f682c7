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
