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
