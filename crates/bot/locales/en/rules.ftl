# `rules` and `rules <game>`.

rules-list-head = Cairn's games (`rules <game>` for more):
rules-list-item = - { $game }: { $summary }.
rules-game = { $game }: { $summary }
    How to write a turn: { $notation }
    { $options }`moves` lists the legal turns; `pick` chooses a turn step by step, without notation. Full rules: docs/rules/{ $name }.md in the Cairn repository.
rules-options-head = Options (after the opponent in `challenge { $name } <opponent>`):
rules-option = - `{ $usage }`{ $default }: { $help }
rules-option-default = { " " }(default { $value })
