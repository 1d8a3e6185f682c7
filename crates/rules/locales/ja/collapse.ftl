# コラプス：このゲームの言葉。

collapse-title = コラプス
collapse-summary = 9x5の盤で、駒を外周に（setup=ring、各12個）または最初と最後の段に（setup=ranks、各9個）並べます。白が先手です。手番：駒を1つ、線に沿って空き交点の上を一直線に進め、最初に突き当たった駒の直前で止めます。突き当たる駒は敵の駒でなくてはならず、その駒を捕獲します。毎手番ちょうど1個の駒を捕獲します。それ以外の動きやパスはありません。自分の手番で捕獲が行えないプレイヤーは負けです（駒が残っていない場合も同じです）。引き分けはありません。
collapse-notation = 駒の交点と止まる交点を書きます：`move c1-c4`（c5の敵の駒を捕獲します）。`c1c4` や、捕獲する駒を示す `c1xc5` とも書けます。
collapse-option-setup = ring：外周に各12個、ranks：最初と最後の段に各9個
collapse-view-title = コラプス
collapse-view-title-ranks = コラプス（段の配置）
collapse-note-pieces = { $seat }：駒{ $count }個（{ $lost }個を失いました）
