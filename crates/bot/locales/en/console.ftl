# The console's own lines.

console-greeting = Cairn console. You are { $name } in #{ $channel }. `/as <name>` to switch player, `/channel <name>` to switch channel, `help` for commands, `/quit` to leave.
console-help = Console commands: `/as <name>` speak as another player, `/channel <name>` move to another channel (one game per channel), `/quit` leave (also Ctrl-D). Up and down arrows recall earlier lines.
console-log-file = The log is written to { $path } (set RUST_LOG to see it here).
console-as-usage = Write `/as <name>`, e.g. `/as bob`.
console-as-refused = { $problem } You are still { $name }.
console-as-done = You are now { $name }.
console-channel-usage = Write `/channel <name>`, e.g. `/channel games`.
console-channel-refused = { $problem } You are still in #{ $channel }.
console-channel-done = Now in #{ $channel }.
console-name-too-long = That name is { $count } characters long; names have at most { $max }.
console-name-control = Names cannot contain control characters (such as NUL or tabs).
console-line-too-long = That line was { $bytes } bytes long; lines of more than { $max } bytes are ignored.
# Around a reply: only the requester sees it, files written, buttons.
console-only-you = (only you)
console-board-image = [board image: { $path }]
console-no-board-image = [no board image: { $problem }]
console-file = [{ $file }: { $path }]
console-file-not-written = [{ $file } not written: { $problem }]
console-answer-with = (answer with: { $commands })
