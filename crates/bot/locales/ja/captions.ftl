# タイトルとキャプション:対戦者、手番、対局の終わり方。

player-label = { $name }（{ $seat }）
game-title = { $game }：{ $first }対{ $second }
caption-to-move = { $player }の番です
end-wins = { $winner }の勝ち：{ $why }
end-draw = 引き分け：{ $why }
end-draw-agreement = 合意による引き分け

end-reason-resign = { $side }が投了しました
end-reason-timeout = { $side }の持ち時間が切れました
end-reason-no-moves = { $side }に指せる手がありません
end-reason-all-captured = { $side }のコマがすべて取られました
end-reason-line = 相手の手番のあいだ列が保たれました
end-reason-square = { $side }はより大きな正四角形で応じられませんでした
end-reason-bigger-square = より大きな正四角形で王手に応じました
end-reason-cleared = 自分の列から自分の色がなくなりました
end-reason-repetition = 同じ局面が三度現れました
end-reason-stall = 対局が進まなくなりました
end-reason-exhausted = すべてのコマが置かれ、正四角形はできませんでした
end-reason-agreement = 両者が合意しました

replay-start = 開始：{ $player }の番
replay-turn = { $total }手中{ $number }手目：{ $player }が{ $turn }
replay-turn-said = { $total }手中{ $number }手目：{ $player }が{ $said }
replay-wins = { $player }の勝ち（{ $reason }）
replay-draw = 引き分け（{ $reason }）
replay-after = { $end }、{ $total }手で終局
replay-description = { $game }の棋譜再生
reason-short-line = 列
reason-short-no-moves = 指し手なし
reason-short-all-captured = 全コマ捕獲
reason-short-repetition = 同一局面
reason-short-stall = 膠着
reason-short-square = 正四角形
reason-short-bigger-square = より大きな正四角形
reason-short-exhausted = 置き切り
reason-short-cleared = 列の一掃
reason-short-resign = 投了
reason-short-timeout = 時間切れ
reason-short-agreement = 合意

replay-no-images = このボットは画像を使わない設定なので、棋譜再生を描けません。`棋譜`でテキストの棋譜を取得できます。
replay-failed = 申し訳ありません。この対局の棋譜再生を描けませんでした。`棋譜`で棋譜は取得できます。
replay-so-far = { $game }の棋譜再生です（ここまで{ $turns }手）。
replay-to-the-end = { $game }の棋譜再生です（終局まで{ $turns }手）。

## 盤面画像の説明文（盤面の文章の前）

describe-status = { $status }。
describe-last-turn = 直前の手：{ $player }の{ $turn }。
describe-clock = { $player }残り{ $time }
describe-clocks = 持ち時間：{ $first }、{ $second }。
describe-last-turn-alone = 直前の手：{ $turn }。

# テキスト盤のスタックの凡例。
text-board-stack-pair = { $stack }：上から順に書いたスタック（{ $bottom }の上に{ $top }）
text-board-stack-height = { $stack }：高さ{ $height }のスタック（一番上は{ $top }）
