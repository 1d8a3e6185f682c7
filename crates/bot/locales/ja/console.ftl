# コンソール自身の表示。

console-greeting = Cairnコンソールです。あなたは#{ $channel }にいる{ $name }です。`/as <名前>`でプレイヤーを切り替え、`/channel <名前>`でチャンネルを切り替え、`ヘルプ`でコマンド一覧、`/quit`で終了します。
console-help = コンソールのコマンド：`/as <名前>`別のプレイヤーとして話す、`/channel <名前>`別のチャンネルへ移る（1チャンネルに1対局）、`/quit`終了（Ctrl-Dでも）。上下の矢印キーで前の行を呼び出せます。
console-log-file = ログは{ $path }に書き込まれます（RUST_LOGを設定するとここに表示されます）。
console-as-usage = `/as <名前>`と書いてください。例：`/as bob`。
console-as-refused = { $problem }あなたは引き続き{ $name }です。
console-as-done = あなたは{ $name }になりました。
console-channel-usage = `/channel <名前>`と書いてください。例：`/channel games`。
console-channel-refused = { $problem }あなたは引き続き#{ $channel }にいます。
console-channel-done = #{ $channel }に移りました。
console-name-too-long = その名前は{ $count }文字あります。名前は{ $max }文字までです。
console-name-control = 名前に制御文字（NULやタブなど）は使えません。
console-line-too-long = その行は{ $bytes }バイトありました。{ $max }バイトを超える行は無視されます。
# 返信のまわり:本人だけに見える返信、書き出したファイル、ボタン。
console-only-you = （あなただけに表示）
console-board-image = [盤面の画像：{ $path }]
console-no-board-image = [盤面の画像なし：{ $problem }]
console-file = [{ $file }:{ $path }]
console-file-not-written = [{ $file }を書き出せませんでした：{ $problem }]
console-answer-with = （返事は{ $commands }で）
