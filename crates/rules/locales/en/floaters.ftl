# Floaters: the game's own words.

floaters-title = Floaters
floaters-summary = Two-colour mancala on a Kalah board: South (bottom row) plays Red, North (top row) plays Black; each pit starts with 4 stones of its owner's colour; South starts (first=north changes that). A turn: take all stones of one of your pits and sow them one by one counter-clockwise into the following pits and both stores, choosing the colour of each stone you sow. Where the last stone lands decides: in a store, or a pit where your colour is more, the turn ends; a pit with equal colours is emptied into a store and the turn ends; a pit where your colour is fewer is taken up and sown on (a relay lap). You win when your own row holds no stone of your colour. A position seen a third time is a draw.
floaters-notation = The pit number (1-6 from your left), then the colours of each lap in sowing order, `r` red and `b` black: `move 3 rrbr`, with a relay lap `move 3 rrbr bbrbb`. A pit number alone (`move 3`) starts the turn: I then show the stones in hand and you send each lap's colours (`move rbb`). A lap of one colour needs no string.
floaters-option-first = which side sows first
floaters-view-title = Floaters
floaters-view-title-north = Floaters (North starts)
floaters-note-east-store = East store: { $total } ({ $red } red, { $black } black)
floaters-note-west-store = West store: { $total } ({ $red } red, { $black } black)
floaters-note-rows = Red in South's row: { $red }; Black in North's row: { $black }
floaters-note-mid-turn = Mid-turn: { $stones } in hand, next stone into { $next }
floaters-stones = { $red ->
        [0] { $black ->
                [0] no stones
               *[other] { $black } black { $black ->
                        [one] stone
                       *[other] stones
                    } and no red
            }
       *[other] { $black ->
                [0] { $red } red { $red ->
                        [one] stone
                       *[other] stones
                    } and no black
               *[other] { $red } red and { $black } black { $black ->
                        [one] stone
                       *[other] stones
                    }
            }
    }
floaters-spot-east = the east store
floaters-spot-west = the west store
floaters-spot-south = South pit { $pit }
floaters-spot-north = North pit { $pit }
floaters-end-cleared-south = no red stone is left in South's row
floaters-end-cleared-north = no black stone is left in North's row
floaters-hint-legend = Green dots: the pits you can sow from
floaters-hint-legend-laps = Green dots: where the laps you can send start
floaters-playable = { $count ->
        [0] you have no pit to play
        [one] you can play pit { $pits }
       *[other] you can play pits { $pits }
    }
floaters-hint-mid-turn = You are mid-turn: you are in the middle of a turn, holding { $stones } taken from { $from }: send their colours in sowing order, e.g. `{ $example }`.
floaters-hint-start = Every order of a lap's colours is a different turn, so they are not listed. Start with a pit number alone ({ $playable }), e.g. `move { $first }`: I then show the stones in hand and the pit they go to next, and you send each lap's colours in sowing order, e.g. `move rrb`.
floaters-next-step = You hold { $stones } taken from { $from }: send their colours in sowing order, e.g. `move { $example }`
floaters-label-north = North
floaters-label-south = South
floaters-label-west-store = West store
floaters-label-east-store = East store
floaters-label-in-hand = In hand
floaters-label-red = { $count } red
floaters-label-black = { $count } black
floaters-label-next = next: { $spot }
floaters-label-hand-line = In hand: { $red } red, { $black } black
floaters-label-spot-east = east store
floaters-label-spot-west = west store
floaters-label-spot-south = South { $pit }
floaters-label-spot-north = North { $pit }

## Refused turns.

floaters-usage = write a pit number 1-6 then one colour string per lap (r for red, b for black), e.g. `3 rrbr` or `3 rrbr bbrbb`
floaters-refusal-mid-turn = you are in the middle of a turn, holding { $stones } taken from { $from }: send their colours in sowing order, e.g. `{ $example }`
floaters-refusal-no-pit = start your turn with one of your pits (1 to 6 from your left) before the colours, e.g. `3 rrrr`; { $playable }
floaters-refusal-no-such-pit = there is no pit { $pit }: your pits are numbered 1 to 6 from your left; { $playable }
floaters-refusal-empty-pit = your pit { $pit } is empty; { $playable }
floaters-refusal-opponents-pit = { $pit } is your opponent's pit; { $playable }
floaters-refusal-wrong-only-lap = the lap from { $from } sows { $stones }; `{ $given }` has { $red } red and { $black } black
floaters-refusal-wrong-lap = lap { $number } from { $from } sows { $stones }; `{ $given }` has { $red } red and { $black } black
floaters-refusal-turn-over = the turn ends after lap { $laps } ({ $why }), so `{ $extra }` has nothing to sow
floaters-lap-end-store = its last stone lands in { $spot }
floaters-lap-end-majority = { $colour ->
        [red] red
       *[black] black
    } is the majority in { $spot }
floaters-lap-end-emptied = { $spot } held equal colours and was emptied
floaters-refusal-empty-turn = an empty turn: { $how }
floaters-refusal-not-a-pit = `{ $word }` is not a pit: { floaters-usage }
floaters-refusal-lap-too-long = `{ $word }` is longer than any lap: there are only { $max } stones
floaters-refusal-not-colours = `{ $word }` is not a colour string: write one letter per stone, r for red and b for black; { floaters-usage }
