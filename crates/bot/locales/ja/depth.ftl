# ソルバーによる検討・パズル・今日のパズル

review-not-an-id = { $word }は対局のIDではありません。このチャンネルで最後に終わった対局なら`検討`、それ以外は`検討`のあとにウェブページのアドレス末尾のIDを書いてください。
review-no-such-game = そのIDの対局はありません。
review-no-game = このチャンネルではまだ対局が終わっていません。`検討`はここで最後に終わった対局を調べます。ほかの対局は`検討`のあとにIDを書いてください。
review-in-progress = この対局はまだ続いています。`検討`できるのは終わった対局だけです。
review-unreadable = その対局の記録はもう再生できないため、検討できません。
review-queued = 探索の作業枠がすべて使用中です。前に{ $ahead }件の探索が待っています。
review-started = ソルバーで{ $positions }局面を検討しています（最長{ $seconds }秒）…
review-head = { $game }（{ $first }対{ $second }）の検討：{ $positions }局面のうち{ $proven }局面を{ $seconds }秒で証明しました。
review-start = 開始局面では{ $value }。
review-start-unknown = 開始局面はソルバーの手の届く範囲を超えています。
review-no-turnings = 証明できた局面のなかに、最善手順での勝敗を変えた手はありませんでした。
review-turning = { $number }手目、{ $player }の{ $turn }：{ $before }が、この手のあとは{ $after }。{ $instead }
review-value-win = { $seat }が{ $turns }手で勝ち
review-value-had-win = { $seat }に{ $turns }手の勝ちがありました
review-value-draw = 最善手順で引き分け
review-value-had-draw = 最善手順で引き分けでした
review-winning-instead = 代わりに{ $turn }なら勝ちでした。
review-drawing-instead = 代わりに{ $turn }なら引き分けでした。
review-more = ……ほかに{ $count }手あります。
review-beyond = { $count }局面は予算内でソルバーの手が届きませんでした。

puzzle-task = パズル{ $id }（{ $game }、レーティング{ $rating }）：{ $player }の番で、双方の手を数えて{ $turns }手以内に勝ってください。`パズル <手>`か`選ぶ`で答えます。
puzzle-you = あなた
puzzle-none-stored = パズルはまだありません。運営者が`cairn puzzles generate`で追加します。
puzzle-none-of-game = { $game }のパズルはまだありません。
puzzle-unreadable = パズル{ $id }はもう再生できません。`パズル new`で別のパズルにしてください。
puzzle-not-solving = 解いているパズルはありません。`パズル`と書くと出題します。
puzzle-refused = { $reason }。`パズル`で局面をもう一度表示します。
puzzle-whole-turn = 1手全体をまとめて書いてください。パズルの答えは1手全体です。
puzzle-unchecked = 時間内にその答えを確かめられませんでした。もう一度送ってください。
puzzle-already-answered = 同じ局面への別の答えが先に届いていました。`パズル`で今の局面を確かめてください。
puzzle-solved = 正解！{ $player }が{ $turn }で勝ちました。パズルのレーティングは{ $rating }（{ $change }）。
puzzle-right-reply = 正解：{ $turn }。{ $bot }は{ $reply }で受けます。
puzzle-right-again = 正解：{ $turn }。まだあなたの番です。
puzzle-instead = { $turn }なら勝ちが残っていました。
puzzle-wrong = 違います。{ $turn }のあとは勝ちがなくなります。{ $instead }パズルのレーティングは{ $rating }（{ $change }）。`パズル`で次の問題へ。
puzzle-rating = { $player }のパズルのレーティング：{ $rating }（{ $attempts }問中{ $solved }問正解）。
puzzle-rating-none = { $player }はまだパズルを解いていません。

puzzle-daily-done = 今日のパズルにはもう挑戦済みです。`パズル`で別の問題を出題します。
daily-puzzle-head = 今日のパズル：{ $game }。
daily-usage = `設定 puzzle=08:00`（UTC）、タイムゾーン付きなら`設定 puzzle=08:00 zone=Asia/Tokyo`、やめるなら`設定 puzzle=off`と書いてください。
settings-changed-here = { $name }がこのチャンネルの設定を変更しました：{ $changes }
settings-puzzle-on = puzzle={ $time }：毎日{ $time }（{ $zone }）にここへパズルを出題します。
settings-puzzle-off = puzzle=off：ここでは今日のパズルを出題しません。
