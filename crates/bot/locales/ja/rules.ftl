# `rules` と `rules <game>`。

rules-list-head = Cairn のゲーム(詳しくは `rules <game>`):
rules-list-item = - { $game }:{ $summary }。
rules-game = { $game }:{ $summary }
    手の書き方:{ $notation }
    { $options }`moves` で合法手の一覧が見られます。`pick` なら記法を使わずに手を一歩ずつ選べます。完全なルール:Cairn リポジトリの docs/rules/{ $name }.md。
rules-options-head = オプション(`challenge { $name } <opponent>` の相手の後に書きます):
rules-option = - `{ $usage }`{ $default }:{ $help }
rules-option-default = (既定値 { $value })
