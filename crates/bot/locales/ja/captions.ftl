# タイトルとキャプション:対戦者、手番、対局の終わり方。

player-label = { $name }({ $seat })
game-title = { $game }:{ $first } 対 { $second }
caption-to-move = { $player } の番です
end-wins = { $winner } の勝ち:{ $why }
end-draw = 引き分け:{ $why }
end-draw-agreement = 合意による引き分け

end-reason-resign = { $side } が投了しました
end-reason-timeout = { $side } の持ち時間が切れました
end-reason-no-moves = { $side } に指せる手がありません
end-reason-all-captured = { $side } の駒がすべて取られました
end-reason-line = 相手の手番のあいだ列が保たれました
end-reason-square = { $side } はより大きな正方形で応じられませんでした
end-reason-bigger-square = より大きな正方形で王手に応じました
end-reason-cleared = 自分の列から自分の色がなくなりました
end-reason-repetition = 同じ局面が三度現れました
end-reason-stall = 対局が進まなくなりました
end-reason-exhausted = すべての駒が置かれ、正方形はできませんでした
end-reason-agreement = 両者が合意しました
