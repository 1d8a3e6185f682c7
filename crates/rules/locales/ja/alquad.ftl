# アルクアッド：このゲームの言葉（リーフレットの用語：正四角形、チェック、配置）。

alquad-title = アルクアッド
alquad-summary = 5x5の盤にコマを配置していくゲームです。セットアップ：配置役（挑戦した人）が白と黒のコマを1個ずつ置き、続いて選択役が自分の色を選びます。それぞれが1手です。その後は白が先手で、1手に1個ずつコマを置きます（全部で各12個）。自分のコマ4個が正四角形（直立したもの、または斜めの線上で45度傾いたもの）の頂点になるとチェックです。相手は1手だけ応じることができ、自分のより大きな正四角形を完成させた場合に限り逆転勝ちです。そうでなければチェックをかけたプレイヤーの勝ちです。四角形ができないまますべてのコマを置き切ると引き分けです。
alquad-notation = セットアップ：`指す w:c3 b:d4`（白の交点、続いて黒の交点）。色の選択：`指す white`または`指す black`。配置：交点を書きます。`指す c2`。
alquad-view-title = アルクアッド
alquad-note-in-hand = { $side }の手持ち：{ $count }
alquad-note-setup = 配置役が白と黒のコマを1個ずつ置きます
alquad-note-choose = 選択役が白か黒を選びます
alquad-note-sides = 配置役は{ $setter }、選択役は{ $chooser }
alquad-note-check = { $checker }が面積{ $area }の正四角形を作りました：{ $other }はより大きな正四角形で応じなければなりません
alquad-note-winning-square = { $side }の勝利の正四角形：面積{ $area }
alquad-end-square = { $checker }が面積{ $area }の正四角形を作り、{ $other }はより大きな正四角形で応じられませんでした
alquad-end-bigger-square = { $answerer }が{ $checker }の面積{ $area }の正四角形に、より大きな面積{ $larger }の正四角形で応じました
alquad-warning = { $checker }が面積{ $area }の正四角形を作っています。この手番で面積{ $area }より大きな正四角形を完成させないと負けです
alquad-chose = { $side }を選びました

## 受け付けられない手。

alquad-setup-hint = 配置役はまず白のコマと黒のコマを1個ずつ、別々の交点に置きます（例：`w:c3 b:d4`）
alquad-refusal-not-a-setup = `{ $text }`はセットアップではありません。白の交点と黒の交点を書きます（例：`w:c3 b:d4`）
alquad-refusal-not-a-point = { $point }は5x5の盤の交点ではありません（列はaからe、行は1から5）
alquad-refusal-two-of-one-colour = `{ $text }`には{ $side ->
        [white] 白
       *[black] 黒
    }の交点が2つあります。セットアップでは白と黒のコマを1個ずつ置きます（例：`w:c3 b:d4`）
alquad-refusal-occupied = { $point }にはすでに{ $whose ->
        [own] 自分のコマ
       *[opponent] 相手のコマ
    }があります。配置できるのは{ $empty }です
alquad-refusal-same-point = 白のコマと黒のコマは別々の交点に置かなくてはなりません（両方を{ $point }に置くことはできません）
alquad-refusal-setup-done = セットアップは終わりました。次は選択役が色を選びます（`white`か`black`）
alquad-refusal-setup-over = セットアップはもう終わっています。空いている交点にコマを1個配置してください（例：`{ $example }`）
alquad-refusal-colours-after-setup = 色はセットアップのあとで選びます。{ alquad-setup-hint }
alquad-refusal-colours-chosen = 色はもう選ばれています（配置役は{ $setter ->
        [white] 白
       *[black] 黒
    }、選択役は{ $chooser ->
        [white] 白
       *[black] 黒
    }）。空いている交点にコマを1個配置してください
alquad-refusal-setup-first = { alquad-setup-hint }
alquad-refusal-choose-first = まず選択役が色を選ばなくてはなりません：`white`か`black`
alquad-refusal-not-a-turn = `{ $text }`はアルクアッドの手ではありません。ここで書くのは{ $expected ->
        [setup] `w:c3 b:d4`のようなセットアップ
        [colour] 色（`white`か`black`）
       *[point] `c2`のような、コマを配置する交点
    }です
