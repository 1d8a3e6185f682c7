# 通信対局の便利な機能：休暇、条件付きの手、強制手、`next`、毎日のまとめ。

date-day-month = { $month }{ $day }日
month-1 = 1月
month-2 = 2月
month-3 = 3月
month-4 = 4月
month-5 = 5月
month-6 = 6月
month-7 = 7月
month-8 = 8月
month-9 = 9月
month-10 = 10月
month-11 = 11月
month-12 = 12月

vacation-left = { $year }年の休暇は残り{ $left }です。
vacation-on-until = { $until }まで休暇中です。
vacation-planned-state = { $from }から{ $until }まで休暇の予定です。
vacation-auto-is-on = 自動休暇はオンです：持ち時間が切れそうなとき、休暇が残っていれば代わりに1時間ずつ使います。
vacation-auto-is-off = 自動休暇はオフです（`vacation auto on`にすると、持ち時間が切れるときだけ休暇を1時間ずつ使います）。
vacation-auto-on = 自動休暇をオンにしました：持ち時間が切れそうなとき、今年の休暇が残っていれば代わりに1時間使います。
vacation-auto-off = 自動休暇をオフにしました：持ち時間は通常どおり切れます。
vacation-started = 休暇を今から{ $until }まで始めました：あなたの時計は止まり、通知も届きません。今年の休暇は残り{ $left }です。
vacation-started-open = 休暇を今から始めました。`vacation end`か、今年の休暇を使い切る{ $until }まで続きます：あなたの時計は止まり、通知も届きません。
vacation-planned = { $from }から{ $until }まで休暇を予定しました：その間あなたの時計は止まります。その年の休暇は残り{ $left }です。
vacation-ended = 休暇を終えました：あなたの時計はまた動きます。今年の休暇は残り{ $left }です。
vacation-cancelled = 予定していた休暇を取り消しました。今年の休暇は残り{ $left }です。
vacation-not-on = 休暇中ではなく、予定もありません。
vacation-already = すでに{ $until }まで休暇中です。`vacation end`で終えられます。
vacation-already-planned = すでに{ $from }から{ $until }までの休暇を予定しています。先に`vacation end`で取り消してください。
vacation-none-left = { $year }年の休暇はもう残っていません。
vacation-too-long = { $asked }の休暇を求めましたが、今年の残りは{ $left }だけです。
vacation-from-past = { $day }はもう過ぎています。今日以降の日を`vacation from 2026-12-20 7d`のように書いてください。
vacation-games = あなたの対局{ $count }局の時計を止めます。
vacation-opponent-away = { $name }さんは{ $until }まで休暇中です：その時計は止まっています。
vacation-usage = `vacation`（現在の状況）、`vacation start 5d`（日数なしなら終えるまで）、`vacation from 2026-12-20 7d`、`vacation end`、`vacation auto on|off`のように書いてください。
vacation-bad-days = `{ $word }`は日数ではありません：`5d`のように書いてください（1日から366日）。
vacation-bad-date = `{ $word }`は日付ではありません：`2026-12-20`のように年-月-日で書いてください。
games-on-vacation = （{ $name }さんは{ $until }まで休暇中）
games-premoves = （あなたの条件付きの手順{ $count }本が待機中）

premove-played = { $player }が条件付きの手で応じます：{ $turn }。{ $status }。
autoplay-forced = { $player }の合法手は一つだけだったので自動で指しました：{ $turn }。{ $status }。
premove-your-turn = あなたの番です。先に指してください。条件付きの手順は相手の次の手に答えるもので、相手の番の間に書きます。
premove-illegal = 手順の{ $number }手目{ $turn }はその局面で合法ではありません：{ $reason }。何も保存していません。
premove-past-the-end = 手順の{ $number }手目より前に対局が終わります。そこで手順を終えてください。何も保存していません。
premove-too-long = 一つの手順は最大{ $most }組（相手の手と自分の応手）です。何も保存していません。
premove-pairs = 手順は組で書いてください：相手の手、次に自分の応手。例：`premove e4 f5`（手に空白を含むときはカンマで区切ります：`premove b2 a4 d1, c3 e5 e1`）。
premove-too-many = この対局ではすでに{ $most }本の手順を保存しています。`premove clear`で消せます。
premove-clash = 保存済みの手順の一つが{ $theirs }に{ $mine }以外で答えています。`premoves`で一覧、`premove clear`で消去できます。
premove-kept = 非公開で保存しました：{ $line }。この対局の手順は{ $count }本です。
premove-pair = { $opponent }さんが{ $theirs }なら{ $mine }と応じる
premove-then = 、続けて
premove-cleared = { $count ->
    [0] この対局に条件付きの手はありませんでした。
   *[other] この対局の条件付きの手順{ $count }本を消しました。
}
premove-no-game = ここで進行中の対局に参加していません。
premoves-none = この対局に条件付きの手はありません。`premove <相手の手> <自分の応手>`で登録できます。
premoves-head = ここでのあなたの条件付きの手（あなたにだけ見えます）：
premove-dropped = 相手がどの条件付きの手順にもない手を指したので、手順はすべて消えました。
autoplay-on = 合法手が一つしかないときは、すぐに自動で指します（`autoplay off`で止めます）。
autoplay-off = 強制手でも、あなたの手はすべてあなたを待ちます（`autoplay on`で唯一の合法手を自動で指します）。

next-none = あなたの番の対局はありません。
next-head = いちばん急ぐ対局：{ $game }（
next-tail = ）。あなたの番です{ $time }。

digest-head = あなたの番の対局が{ $count }局あります：
digest-line = { $game }（
digest-usage = `notify digest 08:00`（UTC）か、タイムゾーン付きで`notify digest 08:00 Asia/Tokyo`のように書いてください。
digest-bad-time = { $word }は時刻ではありません：`08:00`や`19:30`のように時と分で書いてください。
digest-bad-zone = { $word }というタイムゾーンは知りません：`Asia/Tokyo`や`Europe/Madrid`のようにIANA名で書いてください。
notify-digest = 1日1回、あなたの番の対局をまとめてダイレクトメッセージで送ります。急ぎの通知（持ち時間の残り10分の1）だけは別に届きます。
notify-digest-at = 毎日{ $time }（{ $zone }）に、あなたの番の対局をまとめてダイレクトメッセージで送ります。急ぎの通知（持ち時間の残り10分の1）だけは別に届きます。
vacation-player-away = { $name }さんは{ $until }まで休暇中です。
