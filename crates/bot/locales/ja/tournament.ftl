# 大会（#39）。
tournament-which-game = どのゲームですか？`tournament create <ゲーム>`と書いてください（例：`tournament create sight format=swiss`）。
tournament-starts-unreadable = `{ $given }`は開始の指定として読めません。`2h`や`1d`のような待ち時間か、`manual`と書いてください。
tournament-max-too-many = この方式の大会は{ $max }人ではなく、最大{ $limit }人までです。
tournament-not-an-action = `{ $word }`は大会の操作ではありません。`tournament create`、`join`、`leave`、`start`、`standings`、`cancel`のどれかを書いてください。
tournament-not-here = 大会はチャンネルで開きます。大会の対局専用のチャンネルでは開けません。
tournament-busy = このチャンネルでは大会#{ $number }がまだ受付中か進行中です。大会は一つのチャンネルで一度に一つです。
tournament-none = ここには受付中・進行中の大会がありません。`tournament create <ゲーム>`で開けます。
tournament-created = { $organiser }さんが大会#{ $number }を開きます：{ $game }、{ $format }{ $clock }、最大{ $max }人。`tournament join`で参加できます。{ $start }
tournament-starts-manual = 主催者が`tournament start`で始めます。
tournament-starts-after = { $within }後に自動で始まります（{ $min }人以上のとき）。
tournament-format-roundrobin = 総当たり
tournament-format-double = 二回総当たり
tournament-format-swiss-auto = スイス式
tournament-format-swiss = スイス式{ $rounds }回戦
tournament-joined = { $player }さんが大会#{ $number }に参加しました（{ $count }人）。
tournament-already-in = すでに大会#{ $number }に参加しています。
tournament-full = 大会#{ $number }は満員です（{ $max }人）。
tournament-not-open = 大会#{ $number }は始まっています。参加の受付は終わりました。
tournament-not-in = 大会#{ $number }に参加していません。
tournament-left-open = { $player }さんが大会#{ $number }から抜けました（{ $count }人）。
tournament-left-running = { $player }さんが大会#{ $number }から抜けました。まだ始まっていない対局は不戦敗になります。
tournament-not-yours = それができるのは主催者（{ $organiser }さん）とサーバーの管理者だけです。
tournament-too-few = 大会#{ $number }には{ $min }人以上が必要ですが、{ $count }人です。
tournament-lapsed = 大会#{ $number }は始まりませんでした。{ $min }人以上が必要でしたが、{ $count }人でした。
tournament-cancelled = { $player }さんが大会#{ $number }を中止しました。進行中の対局は通常の対局として続きます。
tournament-started = 大会#{ $number }が{ $count }人、全{ $rounds }回戦で始まります：{ $players }。
tournament-round = 大会#{ $number }の第{ $round }回戦：{ $games }。各対局は専用のチャンネルで始まります。
tournament-pair = { $first }対{ $second }
tournament-bye = { $player }さんは不戦勝（1勝）です。
tournament-sits-out = { $player }さんはこの回戦はお休みです。
tournament-game-start = 大会#{ $number }、第{ $round }回戦：{ $title }。{ $status }
    { $hint }
tournament-standings-head = 大会#{ $number }（{ $game }、{ $format }）、全{ $total }回戦中{ $done }回戦終了：
tournament-line-roundrobin = { $rank }. { $player }：{ $points }点（ゾンネボーン・バーガー{ $sb }）{ $left ->
    [yes] 、棄権
   *[no] {""}
}
tournament-line-swiss = { $rank }. { $player }：{ $points }点（ブーフホルツ{ $buchholz }、ゾンネボーン・バーガー{ $sb }）{ $left ->
    [yes] 、棄権
   *[no] {""}
}
tournament-running = 対局中：{ $games }。
tournament-running-game = { $first }対{ $second }（{ $channel }）
tournament-winner = 大会#{ $number }が終わりました。優勝は{ $winner }さんです！
tournament-list-head = このチャンネルの大会：
tournament-list-line = #{ $number }：{ $game }、{ $format }、{ $stage }、{ $count }人
tournament-list-none = ここにはまだ大会がありません。`tournament create <ゲーム>`で開けます。
tournament-stage-open = 受付中
tournament-stage-running = 進行中
tournament-stage-finished = 終了
tournament-stage-cancelled = 中止
