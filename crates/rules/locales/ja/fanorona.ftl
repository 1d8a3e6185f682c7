# ファノロナ：このゲームの言葉（リーフレットの用語：接近、離脱、パイカ、連続捕獲）。

fanorona-title = ファノロナ
fanorona-summary = マダガスカルの捕獲ゲームで、9x5の交点（board=tsivy、コマは各22個）または5x5（board=dimy、各12個）の盤を使い、白が先手です。接近（敵のコマに向かって移動し、着地点のすぐ先にそのコマがある）または離脱（隣の敵のコマから離れる方向へ移動する）で捕獲します。その方向に途切れなく並ぶ敵のコマはすべて捕獲されます。捕獲は必須です。捕獲のあと同じコマで続けて捕獲できますが、この手番ですでに訪れた交点へは移動できず、同じ方向へ続けて移動することもできません。いつでも止めることができます。捕獲しない手番は1歩の移動（パイカ）です。敵のコマをすべて捕獲すれば勝ち、合法手のないプレイヤーは負けです。対局が膠着したとき（捕獲のない手がstall-turns=50手続くか、同じ局面が3回目になったとき）：stall=score（既定）では捕獲数の多いほうが勝ちで、同数なら引き分けです。stall=drawでは引き分けです。paika=forwardでは前方へのパイカだけが許されます。
fanorona-notation = パイカ：`指す d2-d3`。捕獲：着地する交点のあとに`a`（接近）または`w`（離脱）を付けます：`指す d2-d3a`。連続捕獲では着地する交点を順に書きます：`指す e2-e3a-f4w`。捕獲の方法が1つしかない移動では`a`/`w`を省略できます。
fanorona-option-board = tsivy：9x5の交点、dimy：5x5
fanorona-option-stall = 膠着した対局の決着：捕獲数の多いほうの勝ちか、引き分けか
fanorona-option-stall-turns = 対局を膠着とみなす、捕獲のない手数
fanorona-option-paika = forwardでは前方へのパイカだけが許されます
fanorona-view-title-tsivy = ファノロナ（Tsivy、9x5）
fanorona-view-title-dimy = ファノロナ（Dimy、5x5）
fanorona-hint-legend-onto-captured = 緑の点：合法手でコマを動かせる場所。相手のコマを囲む緑の輪：連続捕獲でそのコマを取ってから、その交点に移れます

## 受け付けられない手。

fanorona-usage = パイカはd2-d3、捕獲はd2-d3a（接近）またはd2-d3w（離脱）、連続捕獲はe2-e3a-f4wのように書きます
fanorona-refusal-not-a-turn = `{ $text }`はファノロナの手ではありません。{ fanorona-usage }
fanorona-refusal-not-a-point = `{ $token }`は{ $files }x5の盤の交点ではありません。{ fanorona-usage }
fanorona-refusal-either-way = その移動は接近でも離脱でも捕獲できます。どちらか書いてください：{ $choices }
fanorona-choice = { $turn }なら{ $takes }を捕獲
fanorona-choices = { $first }、{ $rest }
fanorona-refusal-not-yours = { $point }{ $holds ->
        [opponent] には相手のコマがあります
       *[empty] は空いています
    }。動かせる{ $colour ->
        [white] 白
       *[black] 黒
    }のコマがあるのは{ $movable }です
fanorona-refusal-not-next-to = { $to }は{ $at }から線に沿って隣の交点ではありません。{ $options }
fanorona-refusal-must-capture = 捕獲は必須なので、パイカは指せません。{ $options }
fanorona-refusal-revisit = この手番ですでにいた交点{ $point }へは戻れません
fanorona-refusal-same-direction = 同じ方向へ続けて移動することはできません（{ $at }から{ $to }）
fanorona-refusal-paika-forward = paika=forwardではパイカは前方へ進まなくてはなりません。{ $options }
fanorona-refusal-not-legal = それはこの局面では合法手ではありません。{ $options }
fanorona-options = { $from }からは{ $turns }と指せます
fanorona-options-captures = 捕獲は必須です。捕獲する手の始まりは{ $starts }です
fanorona-options-stuck = { $from }のコマは動けません
