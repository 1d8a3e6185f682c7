# カラニッシュ：このゲームの言葉（リーフレットの用語：石、スタック、ナイトの動き、行・列）。

callanish-title = カラニッシュ
callanish-summary = マス目の正方形の盤（既定は9x9）で、白が先手です。最初の手番：白、続いて黒が、空いているマスに石を1個置きます。それぞれが1手です。以降の手番：上に何も乗っていない自分の石（単独の石か、スタックの一番上の石）を1個取り除き、取り除いた場所からナイトの動きだけ離れたマスに石を2個追加します。追加できるのは空いているマスか、相手の石が1個だけあるマスです（その上に自分の石をのせ、そのマスをコントロールします）。マスは一番上の石がコントロールします。各手番の終わりに、直前に手を指さなかったプレイヤーが、いずれかの行または列のマスの半分以上（切り上げ）をコントロールしていれば勝ちです。9x9の盤では9マス中5マスです。つまり、自分で作った並びは相手の手番を耐え抜いたときだけ勝ちになり、相手はそれを崩さなければ負けます。合法手のないプレイヤーは負けです（石を使い切った場合も含みます）。引き分けはありません。
callanish-notation = 最初の手番：マスを書きます。`指す e5`。以降の手番：石を取り除くマス、続いて石を追加する2つのマスを書きます。`指す b2 a4 d1`（追加の2マスはどちらの順でもかまいません。`b2-a4-d1`や`b2:d1,a4`とも書けます）。
callanish-option-size = 一辺のマス数（奇数）
callanish-option-shape = circleにすると、リーフレットのように9x9の盤の角のマスを使いません
callanish-option-stones = 各プレイヤーの石の数
callanish-circle-board = リーフレットの9x9の盤
callanish-option-blocked = 使わないマス
callanish-view-title = カラニッシュ{ $size }x{ $size }
callanish-view-title-circle = カラニッシュ{ $size }x{ $size }（円形）
callanish-note-supply = { $seat }の残りの石：{ $count }
callanish-line-rank = { $line }行目（{ $held }マスをコントロール、必要なのは{ $needed }マス）
callanish-line-file = { $line }列（{ $held }マスをコントロール、必要なのは{ $needed }マス）
callanish-end-line = { $winner }が{ $lines }を押さえています
callanish-warning = { $holder }が{ $lines }を押さえています。この手番で{ $count ->
        [one] それを
       *[other] そのすべてを
    }崩さないと負けです
callanish-warning-supply = これが{ $mover }の最後の手番です。この手番で{ $mover }の残りの石はなくなるので、{ $opponent }が指した時点で{ $mover }が並びを押さえていなければ、{ $mover }には合法手がなく負けです
callanish-warning-both = { $lines }。また、{ $supply }
callanish-hint-legend-opening = 緑の点：石を置けるマス
callanish-hint-legend = { $mover }の石を囲む緑の輪：取り除ける石。緑の点と、{ $opponent }の石を囲む緑の輪：石を追加できるマス

## 受け付けられない手。

callanish-usage-opening = 最初の手番では空いているマスを1つ書きます（例：e5）
callanish-usage-turn = 石を取り除くマス、続いて石を追加する2つのマスを書きます（例：b2 a4 d1）
callanish-refusal-not-a-turn = `{ $text }`はカラニッシュの手ではありません。{ $usage }
callanish-refusal-not-a-cell = { $cell }は{ $size }x{ $size }の盤のマスではありません（a1から{ $last }まで）
callanish-refusal-blocked = { $cell }は使わないマスで、盤の一部ではありません
callanish-refusal-opening-one-cell = 最初の手番で書くマスは1つだけです。{ $usage }
callanish-refusal-taken = { $cell }には石があります。空いているマスに置いてください
callanish-refusal-wrong-count = 手番で書くマスは3つです（{ $given }つではありません）。{ $usage }
callanish-refusal-not-removable = { $cell }{ $holds ->
        [empty] は空いています
        [own-stone] には上に何も乗っていない自分の石がありません
        [own-stack] には上に何も乗っていない自分の石がありません
        [enemy-stone] にあるのは相手の単独の石で、上に何も乗っていない自分の石ではありません
       *[enemy-stack] にあるのは相手がコントロールするスタックで、上に何も乗っていない自分の石ではありません
    }。石を取り除けるのは{ $removable }です
callanish-refusal-supply-empty = 残りの石がないので、石を2個追加できません
callanish-refusal-too-few-additions = { $from }から石を追加できるマスは{ $count ->
        [0] ありません
       *[other] { $targets }だけです
    }。手番には2個の追加が必要です
callanish-refusal-same-addition = 石を追加する2つのマスは別々でなくてはなりません。{ $from }から追加できるのは{ $targets }です
callanish-refusal-not-a-knight-move = { $cell }は{ $from }からナイトの動きで届くマスではありません。{ $from }から追加できるのは{ $targets }です
callanish-refusal-not-open = { $cell }{ $holds ->
        [empty] は空いています
        [own-stone] には自分の石があります
        [own-stack] には自分がコントロールするスタックがあります
        [enemy-stone] には相手の単独の石があります
       *[enemy-stack] には相手がコントロールするスタックがあります
    }。{ $from }から追加できるのは{ $targets }です
