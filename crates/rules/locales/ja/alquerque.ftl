# アルケルク：このゲームの言葉（リーフレットの用語：交点、コマ、捕獲、連続捕獲）。

alquerque-title = アルケルク
alquerque-summary = 一つおきの交点を斜めの線が通る5x5の盤で、コマは各12個、白が先手です。線に沿って隣の空き交点へ移動するか、隣の敵のコマを飛び越えてその先の空き交点へ移動して捕獲します。同じコマで方向を変えながらジャンプを続けられます（連続捕獲）。rules=bell（既定）：捕獲は必須で、連続捕獲も続けられる限り続けなくてはなりません。後ろへは移動できません。直前にいた交点へそのまま戻る移動もできません。一番奥に到達したコマは捕獲でしか動けません。合法手のないプレイヤーは負けです。rules=basic：どの方向にも移動でき、捕獲は任意です。手番のプレイヤーが動けないとき、捕獲のない手がstall=40手続いたとき、または同じ局面が3回目になったときに対局が終わり、捕獲数の多いほうが勝ちです（同数なら引き分け）。どちらのルールでも、相手のコマをすべて捕獲すれば勝ちです。
alquerque-notation = 移動：`指す b2-c3`。捕獲：`指す b2xd4`。連続捕獲では着地する交点を順に書きます：`指す b2xd4xb4`。`b2c3`や`b2 c3`とも書けます。
alquerque-option-rules = bell：捕獲は必須で後退なし。basic：自由に移動でき、捕獲は任意
alquerque-option-stall = basicルールで対局を終わらせる、捕獲のない手数
alquerque-view-title-bell = アルケルク（ベルのルール）
alquerque-view-title-basic = アルケルク（基本ルール）
alquerque-end-no-capture = これ以上捕獲できません（合法手がないか、同じ局面が3回目です）

## 受け付けられない手。

alquerque-usage = 移動はb2-c3、捕獲はb2xd4（連続捕獲はb2xd4xb4）のように書きます
alquerque-refusal-not-a-turn = `{ $text }`はアルケルクの手ではありません。{ alquerque-usage }
alquerque-refusal-not-a-point = `{ $point }`は盤の交点ではありません。列はaからe、行は1から5です
alquerque-refusal-no-turn = 手が書かれていません。{ alquerque-usage }
alquerque-refusal-enemy-piece = { $point }にあるのは{ $colour ->
        [white] 白
       *[black] 黒
    }のコマで、自分のコマではありません
alquerque-refusal-empty = { $point }は空いています
alquerque-refusal-not-yours = { $why }。動かせる自分のコマがあるのは{ $movers }です
alquerque-refusal-no-destination = コマの行き先も書いてください。{ $options }
alquerque-refusal-with-options = { $why }。{ $options }
alquerque-options = { $from }からは{ $turns }と指せます
alquerque-options-stuck = { $from }のコマには合法手がありません。動かせる自分のコマがあるのは{ $movers }です
alquerque-refusal-occupied = { $to }は空いていません
alquerque-refusal-must-capture = ベルのルールでは捕獲は必須です（リーフレットの罰則の代わりにここで強制します）。そのため{ $turn }は指せません。{ $captures }で捕獲してください
alquerque-refusal-far-rank = 一番奥の段にあるコマは捕獲でしか動けないので、{ $turn }は指せません
alquerque-refusal-backward = ベルのルールでは、捕獲しない移動で後ろへは進めません（{ $colour ->
        [white] 白は上へ
       *[black] 黒は下へ
    }進みます）
alquerque-refusal-straight-back = { $from }のコマは{ $to }から来たばかりなので、そのまま戻ることはできません
alquerque-refusal-too-many-jumps = 連続捕獲で捕獲できるのは最大{ $max }個ですが、この手には着地する交点が{ $landings }か所あります
alquerque-refusal-step-goes-on = { $from }-{ $to }は1歩の移動で、移動のあとさらに進むことはできません
alquerque-refusal-next-to = { $land }は{ $at }の隣です。ジャンプでは敵のコマの先の交点に着地します
alquerque-refusal-no-line = { $from }と{ $to }を結ぶ線はありません。{ $from }には斜めの線がないので、そこのコマは縦横にしか動けません
alquerque-refusal-no-jump = { $land }には{ $at }から線に沿ったジャンプで届きません
alquerque-refusal-nothing-to-jump = { $over }には、{ $at }から{ $land }へ飛び越える{ $colour ->
        [white] 白
       *[black] 黒
    }のコマがありません
alquerque-refusal-landing-taken = { $land }は空いていないので、{ $at }からのジャンプはそこに着地できません
alquerque-refusal-must-continue = ベルのルールでは、捕獲しているコマは続けられる限りジャンプを続けなくてはなりません。{ $at }からはまだ捕獲できます：{ $longer }と指してください
alquerque-refusal-not-legal = { $turn }はこの局面では合法手ではありません
