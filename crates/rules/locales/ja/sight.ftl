# サイト：このゲームの言葉（リーフレットの用語：スタック、視線、配置、移動）。

sight-title = サイト
sight-summary = 最初は空の5x5の盤で配置と移動を行うゲームで、白が先手です。同じ線上にあり、間に他のコマがない2つのコマは互いに見えています（視線にあります）。自分のスタック（1つの交点に2個以上のコマ）がない間は、空の交点にコマを1個配置します。スタックができたら、代わりにもっとも高い自分のスタックの1つから一番上のコマを隣の空き交点へ1歩移動させなくてはなりません。どちらの場合も、配置または移動したコマから見える自分の色のコマはすべて1段高くなります（移動元のスタックは除きます）。自分の手番で合法手のないプレイヤーは負けです。引き分けはありません。
sight-notation = 配置：交点を書きます。`指す c3`。移動：スタックの交点と隣の空き交点を書きます。`指す c3-c4`（`c3c4`とも書けます）。
sight-view-title = サイト
sight-note-pieces = { $seat }：コマ{ $pieces }個、交点{ $points }か所、{ $tallest ->
        [0] スタックなし
       *[other] 最も高いスタック{ $tallest }段
    }

## 受け付けられない手。

sight-refusal-not-a-turn = `{ $text }`はサイトの手ではありません。コマを配置するなら交点を1つ（c3）、スタックの一番上のコマを移動するなら交点を2つ（c3-c4）書きます
sight-refusal-not-a-point = { $point }は5x5の盤の交点ではありません（列はaからe、行は1から5）
sight-refusal-must-move = スタックがあるので、最も高い自分のスタック（{ $height }段）の1つから一番上のコマを隣の空き交点へ1歩移動させなくてはなりません：{ $moves }
sight-refusal-occupied = { $point }にはすでに{ $whose ->
        [own] 自分のコマ
       *[opponent] 相手のコマ
    }があります。配置できるのは{ $empty }です
sight-refusal-must-place = まだスタックがないので、空いている交点にコマを配置しなくてはなりません（交点だけを書きます。例：c3）
sight-refusal-not-yours = { $point }{ $holds ->
        [opponent] には相手のコマがあります
       *[empty] は空いています
    }。最も高い自分のスタック（{ $height }段）から移動しなくてはなりません：{ $tallest }
sight-refusal-not-tallest = { $point }{ $size ->
        [1] はコマ1個だけです
       *[other] は{ $size }段のスタックです
    }が、最も高い自分のスタック（{ $height }段）から移動しなくてはなりません：{ $tallest }
sight-refusal-not-a-step = { $to }は{ $from }から線に沿って1歩の交点ではありません。{ $options }
sight-refusal-step-occupied = { $to }にはコマがあります。{ $options }
sight-refusal-no-step = { $from }のスタックには隣の空き交点がありません。指せる手は{ $moves }です
sight-refusal-steps = { $from }から移動できるのは{ $targets }です

## 終局の理由と、その前の警告。

sight-end-full = すべての交点が埋まり、{ $loser }には合法手がありません
sight-end-boxed = { $loser }の最も高いスタック{ $count }つ（{ $height }段：{ $stacks }）の隣に空き交点がなく、{ $loser }には合法手がありません
sight-warning = { $mover }の最も高いスタック{ $count }つ（{ $height }段：{ $stacks }）の隣の空き交点は{ $point }だけです。そこが埋まると{ $mover }には合法手がなくなり、負けです
