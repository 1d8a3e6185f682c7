# ゲームのウェブページ（crates/web）とそのリンクの言葉。

web-link = この対局のページ：{ $url }
web-site = Cairn
web-page-title = { $title }：{ $status }
web-position-start = 開始局面（最初の手の前）
web-position = { $total }手中{ $turn }手目の後
web-previous = 前の手
web-next = 次の手
web-turns = 手順
web-start = 開始
web-turn-item = { $player }：{ $turn }
web-no-turns = まだ一手も指されていません。
web-live = このページは対局の進行に合わせて更新されます。
web-downloads = ダウンロード
web-replay = リプレイ（アニメーションGIF）
web-record-text = 棋譜（テキスト）
web-record-json = 棋譜（JSON、Abstract Playの形式）
web-keys = 左右の矢印キーで手順を進めたり戻したりできます。

# 統計のページ（`/stats`、`/stats/<game>`）。
web-stats-title = 統計
web-stats-game-title = { $game }の統計
web-stats-about = 公開チャンネルとルームで終わったすべての対局を、多くても1分に1回数え直します。先手は最初の手を指したプレイヤーです。
web-stats-none = 数えられた終局はまだありません。
web-stats-table = ゲームごとの終局
web-stats-game = ゲーム
web-stats-played = 対局数
web-stats-first-wins = 先手の勝率
web-stats-draws = 引き分け
web-stats-length = 平均の長さ（手数）
web-stats-timeouts = 時間切れ負け
web-stats-rate = { $rate }（95 %区間：{ $low }～{ $high }）
web-stats-variants = よく指される設定
web-stats-variant = 設定
web-stats-standard = 標準の設定
web-stats-records = すべての棋譜（JSON、Abstract Playの棋譜形式）
web-stats-game-records = このゲームの棋譜（JSON、Abstract Playの棋譜形式）
web-stats-all = すべてのゲームの統計
