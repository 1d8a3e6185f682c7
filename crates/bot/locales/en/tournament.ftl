# Tournaments (#39).
tournament-which-game = Which game? Write `tournament create <game>`, e.g. `tournament create sight format=swiss`.
tournament-starts-unreadable = `{ $given }` is not a start: write a delay such as `2h` or `1d`, or `manual`.
tournament-max-too-many = A tournament of this format takes at most { $limit } players, not { $max }.
tournament-not-an-action = `{ $word }` is not something a tournament does: write `tournament create`, `join`, `leave`, `start`, `standings` or `cancel`.
tournament-not-here = Tournaments are organised in a channel, not in a tournament game's own channel.
tournament-busy = Tournament #{ $number } is still open or running here; one at a time in a channel.
tournament-none = There is no open or running tournament here. Organise one with `tournament create <game>`.
tournament-created = { $organiser } organises tournament #{ $number }: { $game }, { $format }{ $clock }, up to { $max } players. Join with `tournament join`; { $start }
tournament-starts-manual = the organiser starts it with `tournament start`.
tournament-starts-after = it starts by itself in { $within }, with at least { $min } players.
tournament-format-roundrobin = round robin
tournament-format-double = double round robin
tournament-format-swiss-auto = Swiss
tournament-format-swiss = Swiss, { $rounds } rounds
tournament-joined = { $player } joins tournament #{ $number } ({ $count ->
    [one] 1 player
   *[other] { $count } players
}).
tournament-already-in = You are already in tournament #{ $number }.
tournament-full = Tournament #{ $number } is full ({ $max } players).
tournament-not-open = Tournament #{ $number } has started: entries are closed.
tournament-not-in = You are not in tournament #{ $number }.
tournament-left-open = { $player } leaves tournament #{ $number } ({ $count ->
    [one] 1 player
   *[other] { $count } players
}).
tournament-left-running = { $player } leaves tournament #{ $number }: their games not yet played are forfeited.
tournament-not-yours = Only the organiser ({ $organiser }) or the server's managers may do that.
tournament-too-few = Tournament #{ $number } needs at least { $min } players; it has { $count }.
tournament-lapsed = Tournament #{ $number } did not start: it needed at least { $min } players and had { $count }.
tournament-cancelled = { $player } cancels tournament #{ $number }. Games already running go on as ordinary games.
tournament-started = Tournament #{ $number } starts with { $count } players over { $rounds } rounds: { $players }.
tournament-round = Round { $round } of tournament #{ $number }: { $games }. Each game starts in its own channel.
tournament-pair = { $first } vs { $second }
tournament-bye = { $player } has a bye (a win).
tournament-sits-out = { $player } sits this round out.
tournament-game-start = Tournament #{ $number }, round { $round }: { $title }. { $status }
    { $hint }
tournament-standings-head = Tournament #{ $number } ({ $game }, { $format }), { $done } of { $total } rounds played:
tournament-line-roundrobin = { $rank }. { $player }: { $points } (Sonneborn-Berger { $sb }){ $left ->
    [yes] , left
   *[no] {""}
}
tournament-line-swiss = { $rank }. { $player }: { $points } (Buchholz { $buchholz }, Sonneborn-Berger { $sb }){ $left ->
    [yes] , left
   *[no] {""}
}
tournament-running = Still playing: { $games }.
tournament-running-game = { $first } vs { $second } in { $channel }
tournament-winner = Tournament #{ $number } is over: { $winner } wins!
tournament-list-head = Tournaments here:
tournament-list-line = #{ $number }: { $game }, { $format }, { $stage }, { $count ->
    [one] 1 player
   *[other] { $count } players
}
tournament-list-none = No tournament here yet. Organise one with `tournament create <game>`.
tournament-stage-open = open
tournament-stage-running = running
tournament-stage-finished = finished
tournament-stage-cancelled = cancelled
