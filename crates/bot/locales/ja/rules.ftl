# `rules` と `rules <game>`。

rules-list-head = Cairnのゲーム（詳しくは`ルール <ゲーム>`）：
rules-list-item = - { $game }：{ $summary }。
rules-game = { $game }：{ $summary }
    手の書き方：{ $notation }
    { $options }`合法手`で合法手の一覧が見られます。`選ぶ`なら記法を使わずに手を一歩ずつ選べます。完全なルール：Cairnリポジトリのdocs/rules/{ $name }.md。
rules-options-head = オプション（`挑戦 { $name } <相手>`の相手の後に書きます）：
rules-option = - `{ $usage }`{ $default }：{ $help }
rules-option-default = （既定値{ $value }）
