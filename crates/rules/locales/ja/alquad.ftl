# アルクアッド：このゲームの言葉（リーフレットの用語：正四角形、チェック、配置）。

alquad-title = アルクアッド
alquad-summary = 5x5の盤に駒を配置していくゲームです。セットアップ：配置役（挑戦した人）が白と黒の駒を1個ずつ置き、続いて選択役が自分の色を選びます。それぞれが1手です。その後は白が先手で、1手に1個ずつ駒を置きます（全部で各12個）。自分の駒4個が正四角形（直立したもの、または斜めの線上で45度傾いたもの）の頂点になるとチェックです。相手は1手だけ応じることができ、自分のより大きな正四角形を完成させた場合に限り逆転勝ちです。そうでなければチェックをかけたプレイヤーの勝ちです。四角形ができないまますべての駒を置き切ると引き分けです。
alquad-notation = セットアップ：`move w:c3 b:d4`（白の交点、続いて黒の交点）。色の選択：`move white` または `move black`。配置：交点を書きます。`move c2`。
alquad-view-title = アルクアッド
alquad-note-in-hand = { $side }の手持ち：{ $count }
alquad-note-setup = 配置役が白と黒の駒を1個ずつ置きます
alquad-note-choose = 選択役が白か黒を選びます
alquad-note-sides = 配置役は{ $setter }、選択役は{ $chooser }
alquad-note-check = { $checker }が面積{ $area }の正四角形を作りました：{ $other }はより大きな正四角形で応じなければなりません
alquad-note-winning-square = { $side }の勝利の正四角形：面積{ $area }
alquad-end-square = { $checker }が面積{ $area }の正四角形を作り、{ $other }はより大きな正四角形で応じられませんでした
alquad-end-bigger-square = { $answerer }が{ $checker }の面積{ $area }の正四角形に、より大きな面積{ $larger }の正四角形で応じました
alquad-warning = { $checker }が面積{ $area }の正四角形を作っています。この手番で面積{ $area }より大きな正四角形を完成させないと負けです
