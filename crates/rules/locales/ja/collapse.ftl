# コラプス：このゲームの言葉。

collapse-title = コラプス
collapse-summary = 9x5の盤で、コマを外周に（setup=ring、各12個）または最初と最後の段に（setup=ranks、各9個）並べ、白が先手です。手番：コマを1つ、線に沿って空き交点の上を一直線に進め、最初に突き当たったコマの直前で止めます。突き当たるコマは敵のコマでなくてはならず、そのコマを捕獲します。毎手番ちょうど1個のコマを捕獲します。それ以外の動きやパスはありません。自分の手番で捕獲が行えないプレイヤーは負けです（コマが残っていない場合も同じです）。引き分けはありません。
collapse-notation = コマの交点と止まる交点を書きます：`指す c1-c4`（c5の敵のコマを捕獲します）。`c1c4`や、捕獲するコマを示す`c1xc5`とも書けます。
collapse-option-setup = ring：外周に各12個、ranks：最初と最後の段に各9個
collapse-view-title = コラプス
collapse-view-title-ranks = コラプス（段の配置）
collapse-note-pieces = { $seat }：コマ{ $count }個（{ $lost }個を失いました）

## 受け付けられない手。

collapse-refusal-not-a-turn = `{ $text }`はコラプスの手ではありません。<移動元>-<移動先>の形で書きます（例：c1-c4。捕獲するコマを示すならc1xc5）
collapse-refusal-not-a-point = { $point }は9x5の盤の交点ではありません（a1からi5まで）
collapse-refusal-not-yours = { $point }{ $holds ->
        [opponent] には相手のコマがあります
       *[empty] は空いています
    }。捕獲できる{ $colour ->
        [white] 白
       *[black] 黒
    }のコマがあるのは{ $movable }です
collapse-refusal-not-on-a-line = { $to }は{ $from }から延びる線の上にありません。{ $hint }
collapse-refusal-no-capture = { $flight }。{ $hint }
collapse-hint-piece-none = { $from }のコマは捕獲できません
collapse-hint-none = そのコマは捕獲できません
collapse-hint-moves = { $from }からは{ $moves }と指せます
collapse-flight-stops = { $from }のコマは{ $heading }へ進むと、{ $victim }にある{ $colour ->
        [white] 白
       *[black] 黒
    }のコマの手前の{ $stop }で止まります。{ $from }-{ $stop }と指してください
collapse-flight-too-close = { $from }のコマは{ $heading }へ動けません。{ $next }がすぐ隣にあり、コマは少なくとも1交点は進まなくてはなりません
collapse-flight-own-piece = { $from }のコマは{ $heading }へ進むと、{ $at }の自分のコマにぶつかります
collapse-flight-edge = { $from }のコマは{ $heading }へ進むと、コマに出会わないまま盤の端に着きます
collapse-heading-up = 上
collapse-heading-right = 右
collapse-heading-down = 下
collapse-heading-left = 左
collapse-heading-up-right = 右上
collapse-heading-down-right = 右下
collapse-heading-down-left = 左下
collapse-heading-up-left = 左上
