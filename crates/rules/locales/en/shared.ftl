# Words every game shares. Coordinates and turns are never translated.

turn-game-over = The game is over: no more turns can be played.
# Until each game words its refusals itself: the rules' own sentence.
turn-refused = { $reason }
