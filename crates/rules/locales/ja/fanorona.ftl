# ファノロナ：このゲームの言葉（リーフレットの用語：接近、離脱、パイカ、連続捕獲）。

fanorona-title = ファノロナ
fanorona-summary = マダガスカルの捕獲ゲームで、9x5の交点（board=tsivy、駒は各22個）または5x5（board=dimy、各12個）の盤を使います。白が先手です。接近（敵の駒に向かって移動し、着地点のすぐ先にその駒がある）または離脱（隣の敵の駒から離れる方向へ移動する）で捕獲します。その方向に途切れなく並ぶ敵の駒はすべて捕獲されます。捕獲は必須です。捕獲のあと同じ駒で続けて捕獲できますが、この手番ですでに訪れた交点へは移動できず、同じ方向へ続けて移動することもできません。いつでも止めることができます。捕獲しない手番は1歩の移動（パイカ）です。敵の駒をすべて捕獲すれば勝ち、合法手のないプレイヤーは負けです。対局が膠着したとき（捕獲のない手がstall-turns=50手続くか、同じ局面が3回目になったとき）：stall=score（既定）では捕獲数の多いほうが勝ちで、同数なら引き分けです。stall=draw では引き分けです。paika=forward では前方へのパイカだけが許されます。
fanorona-notation = パイカ：`move d2-d3`。捕獲：着地する交点のあとに `a`（接近）または `w`（離脱）を付けます：`move d2-d3a`。連続捕獲では着地する交点を順に書きます：`move e2-e3a-f4w`。捕獲の方法が1つしかない移動では `a`/`w` を省略できます。
fanorona-option-board = tsivy：9x5の交点、dimy：5x5
fanorona-option-stall = 膠着した対局の決着：捕獲数の多いほうの勝ちか、引き分けか
fanorona-option-stall-turns = 対局を膠着とみなす、捕獲のない手数
fanorona-option-paika = forward では前方へのパイカだけが許されます
fanorona-view-title-tsivy = ファノロナ（Tsivy、9x5）
fanorona-view-title-dimy = ファノロナ（Dimy、5x5）
