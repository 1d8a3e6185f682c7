# 対局の記録:棋譜、レーティング、ランキング。

history-no-game = このチャンネルには表示できる対局がありません。対局の再生と記録は、終わった後も次の対局が始まるまでここに残ります。`挑戦 <ゲーム> <相手>`で始めましょう。
export-broken = 申し訳ありません。この対局の保存された手を再現できないため、記録を書けません。
export-done = { $game }の記録（{ $turns }手）：Abstract Playの棋譜形式のJSONとテキストです（どちらも`cairn position <ゲーム> --record <file>`で再現できます）。
export-json-description = { $game }の棋譜
export-text-description = { $game }の棋譜（テキスト）

rating-record = { $games }局：{ $wins }勝{ $losses }敗{ $draws ->
    [0] {""}
   *[other] { $draws }分
}
rating-provisional = { $rating }（暫定：偏差が現在{ $deviation }、{ $limit }以下になると確定）
rating-established = { $rating }（偏差{ $deviation }）
rating-line = { $game }：{ $rating }。{ $record }。
rating-none = { $name }さんにはまだレーティング対象の対局がありません。
rating-none-in = { $name }さんにはまだレーティング対象の{ $game }の対局がありません。
rating-unrated-note = 人間どうしの対局は、双方が2手以上指していれば、どう終わっても数えられます。ボットとの対局は数えません。
rating-head = { $name }さんのレーティング（Glicko-2）：
rating-head-in = { $name }さんの{ $game }のレーティング（Glicko-2）：

leaderboard-usage = このサーバーやルームなら`ランキング <ゲーム>`、ボットと対局するすべての人なら`ランキング <ゲーム> all`と書いてください。
leaderboard-which-game = どのゲームですか？{ $usage }ゲーム：{ $games }。
leaderboard-not-a-scope = `{ $scope }`は範囲ではありません。{ $usage }
leaderboard-everywhere = 全体
leaderboard-on-this-server = このサーバー
leaderboard-here = ここ
leaderboard-title = { $game }のランキング（{ $scope }）
leaderboard-empty = { $scope }ではまだ誰も{ $game }のレーティングを持っていません。
leaderboard-everyone-hint = 全員のレーティングは`ランキング { $name } all`で見られます。
leaderboard-footer = レーティングを持つプレイヤー{ $count }人。Glicko-2。？は暫定のレーティング（偏差{ $limit }超）です。
leaderboard-row = { $rank }. { $name } { $rating }（{ $games }局、{ $record }勝-敗-分）
leaderboard-column-rank = #
leaderboard-column-player = プレイヤー
leaderboard-column-rating = レーティング
leaderboard-column-games = 対局数
leaderboard-column-record = 勝-敗-分

games-unreadable-one = （{ $key }に保存された対局を読めないため省きました。運用者は`cairn db check`を実行できます。）
games-unreadable = （保存された対局のうち{ $count }局を読めないため省きました。運用者は`cairn db check`を実行できます。）
games-none = まだ対局がありません。`挑戦 <ゲーム> <相手>`で始めましょう。
games-none-in-progress = 進行中の対局はありません。
games-in-progress = 進行中の対局（急ぐものから順に）：
games-line-head = - { $game }(
games-line-tail = ):{ $status }{ $yours }{ $time }
games-your-turn = （あなたの番）
games-time-left = 、残り{ $time }
games-open-challenges = あなたの挑戦：
games-open-line-head = - { $game }（
games-open-line-tail = ）：誰でも受けられます{ $lapses }
games-open-lapses = 。あと{ $time }で期限切れ
games-addressed-line-tail = ）：{ $challenged }さんが受けるのを待っています{ $lapses }
games-challenges-to-you = あなたへの挑戦：
games-to-you-line-head = - { $challenger }さんからの{ $game }（
games-to-you-line-tail = ）：`受ける`か`断る`で答えてください{ $lapses }
games-recent = 最近の結果：
games-recent-line = - { $game }:{ $status }
