# What players are told when the database fails them.

store-unreadable = The game stored for this channel cannot be read, so I cannot go on with it. An operator can run `cairn db quarantine { $key }` to move it aside (its bytes are kept), after which the channel is free again.
store-write-failed = That was not saved: the database could not be written ({ $cause }). Nothing has changed; please try again later.
store-unavailable = I cannot read the games right now: the database is unavailable ({ $cause }). Please try again later.
store-failed = Sorry, something went wrong on my side ({ $problem }). Nothing was changed; please try again.
store-outcome-unknown = The connection to the database was lost while that was being saved, and I could not tell whether it was saved. Look at `board` before you try again.
