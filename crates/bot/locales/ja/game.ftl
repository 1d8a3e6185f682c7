# 対局中のコマンド:手、盤、手番。

game-not-started = 対局はまだ始まっていません。{ $challenged } さんは { $challenger } さんの挑戦をまだ受けていません。
game-none = このチャンネルには対局がありません。`challenge <game> <opponent>` で始めましょう。
game-over-here = ここでの { $game } の対局は終わりました:{ $status }。新しい対局は `challenge <game> <opponent>` で始められます。
game-not-a-player = この対局で指すのは { $first } さんと { $second } さんだけです。`board` で観戦できます。
game-not-your-turn = いまは { $player } の番で、あなたの番ではありません。
game-say-which-turn = 指す手を書いてください(例:`move c3`)。`moves` で合法手の一覧が見られます。
game-already-over = この対局はもう終わっています。
game-refused = { $reason }。`moves` で合法手の一覧が見られます。
game-played = { $player } が { $turn } を指しました。{ $status }。
game-played-mid-turn = { $player } が { $turn } を指しました。手番は続きます:{ $name } さんが手を完成させてください。
game-draw-offer-lapses = { $name } さんの引き分けの提案は失効しました。提案は次の手が指されるまで有効です。
game-draw-offer-declined = { $name } さんが指し続けたので、{ $offerer } さんの引き分けの提案は断られました。
game-undo-lapses = { $name } さんの待ったの申し出は失効しました。申し出は次の手が指されるまで有効です。
game-undo-refused = { $name } さんが指し続けたので、{ $asker } さんの待ったの申し出は断られました。
game-warning = { $name } さんへの警告:{ $warning }。
game-no-game-yet = まだ対局はありません:{ $challenger } さんが { $challenged } さんに { $game } を挑戦しています。
game-status-turns = { $status }。{ $turns } 手指されました。
