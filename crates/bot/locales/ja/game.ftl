# 対局中のコマンド:手、盤、手番。

game-not-started-open = 対局はまだ始まっていません。{ $challenger }さんの誰でも受けられる挑戦を、まだ誰も受けていません。
game-not-started = 対局はまだ始まっていません。{ $challenged }さんは{ $challenger }さんの挑戦をまだ受けていません。
game-none = このチャンネルには対局がありません。`挑戦 <ゲーム> <相手>`で始めましょう。
game-over-here = ここでの{ $game }の対局は終わりました：{ $status }。新しい対局は`挑戦 <ゲーム> <相手>`で始められます。
game-not-a-player = この対局で指すのは{ $first }さんと{ $second }さんだけです。`盤面`で観戦できます。
game-not-your-turn = いまは{ $player }の番で、あなたの番ではありません。
game-say-which-turn = 指す手を書いてください（例：`指す { $example }`）。`合法手`で合法手の一覧が見られます。
game-say-which-turn-how = 指す手を書いてください。{ $hint }
game-already-over = この対局はもう終わっています。
game-refused = { $reason }。`合法手`で合法手の一覧が見られます。
game-played = { $player }が{ $turn }を指しました。{ $status }。
game-played-said = { $player }が{ $said }。{ $status }。
game-played-mid-turn = { $player }が{ $turn }を指しました。手番は続きます：{ $name }さんが手を完成させてください。
game-draw-offer-lapses = { $name }さんの引き分けの提案は失効しました。提案は次の手が指されるまで有効です。
game-draw-offer-declined = { $name }さんが指し続けたので、{ $offerer }さんの引き分けの提案は断られました。
game-undo-lapses = { $name }さんの待ったの申し出は失効しました。申し出は次の手が指されるまで有効です。
game-undo-refused = { $name }さんが指し続けたので、{ $asker }さんの待ったの申し出は断られました。
game-warning = { $name }さんへの警告：{ $warning }。
game-no-game-yet-open = まだ対局はありません：{ $challenger }さんが{ $game }の対局を誰にでも申し込んでいます。
game-no-game-yet = まだ対局はありません：{ $challenger }さんが{ $challenged }さんに{ $game }を挑戦しています。
game-status-turns = { $status }。{ $turns }手指されました。

game-undo-already-asked = すでに申し出ています。{ $opponent }さんが`待った`で答えるのを待っています。
game-undo-nothing-played = まだ一手も指していないので、待ったをする手がありません。
game-undo-asks = { $name }さんが直前の手の待ったを申し出ています。{ $opponent }さん、認めるなら`待った`と答えてください（{ $turns }が戻ります）。そのまま指し続けてもかまいません。
game-undo-nothing = 戻せる手がありません。
game-undo-broken = この対局の記録を再現できないため、待ったはできませんでした。
game-undo-taken-turn = { $name }さんの{ $turn }
game-undo-taken-yours = あなたの{ $turn }
game-undo-done = { $name }さんの待った：{ $turns }（{ $count }手）を戻しました。{ $status }。
game-resign-confirm = 投了すると{ $game }の対局はすぐに終わり、取り消せません。投了するには1分以内にもう一度`投了`を送ってください。続けるなら、そのまま指してください。
game-resign-confirm-button = 投了すると{ $game }の対局はすぐに終わり、取り消せません。投了するには1分以内にもう一度`投了`を送るか、ボタンを押してください。続けるなら、そのまま指してください。
game-resign-button = 投了する
game-resigns = { $loser }が投了しました。{ $winner }の勝ちです。
game-draw-impossible = { $game }は引き分けで終わらないゲームなので、引き分けは提案できません。指し続けるか`投了`で投了できます。
game-draw-already-offered = すでに引き分けを提案しています。{ $opponent }さんの返事を待っています。
game-draw-accepted = { $name }さんが引き分けを受け入れました。合意により引き分けです。
game-draw-bot-declines = { $bot }は引き分けを断り、指し続けます。
game-draw-offered = { $name }さんが引き分けを提案しました。{ $opponent }さん、受けるなら`引き分け`、断るならそのまま指してください。

game-next-step = { $how }。
game-moves-next-step = 手番の途中です。次に送れるのは{ $count }通りです：{ $turns }。{ $how }。
game-moves-next-step-and-more = 手番の途中です。次に送れるのは{ $count }通りです：{ $turns }ほか{ $more }通り。{ $how }。
game-moves-none = 合法手はありません。対局は終わっています。
game-moves-too-many = 合法手が{ $count }通りあり、多すぎて一覧にできません。{ $hint }
game-moves-how-written = 手の書き方は`ルール { $game }`で見られます。
game-moves = 合法手{ $count }通り：{ $turns }。
game-moves-and-more = 合法手{ $count }通り：{ $turns }ほか{ $more }通り。


## `pick`:手を一歩ずつ選ぶ。

pick-head = { $player }さん、`pick N`で手の最初の一歩を選んでください：
pick-head-so-far = { $player }さん、ここまでの手：{ $turn }。`pick N`で次の一歩を選んでください：
pick-entry = { $number }. { $label }
pick-entry-note = { $number }. { $label }：{ $note }
pick-play-as-it-stands = { $turn }をこのまま指す
pick-more = `pick more`：次のページ（このページは{ $count }個中{ $from }から{ $to }）。
pick-back = `pick back`で一歩戻せます。
pick-stale = 前の一覧を出したあとで局面が変わったため、その一覧はもう使えません。`pick`で今の局面の最初の一歩を見てください。
pick-none-shown = この対局ではまだ一覧を出していません。`pick`で手の最初の一歩を見てください。
pick-no-such-option = 一覧に{ $number }番はありません。1から{ $count }までの番号を選ぶか、`pick back`か`pick more`と書いてください。
pick-nothing-to-undo = まだ一歩も選んでいないので、戻せる一歩はありません。1から{ $count }までの番号を選んでください。
pick-not-a-step = { $word }は一覧の番号ではありません。一覧は`pick`、N番を選ぶには`pick N`、一歩戻すには`pick back`、次のページは`pick more`と書いてください。

# 対局カードのボタンと、前の手番のカードが押されたとき。
card-move = 指す
card-moves = 合法手
card-undo = 待った
card-draw = 引き分け
card-resign = 投了
card-rematch = 再戦
card-replay = 再生
card-superseded = このカードは前の手番のものです。対局は進んでいます。最新のカードは
card-superseded-end = にあります。
