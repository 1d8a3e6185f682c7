# ボットの言語(`lang`)。

lang-now-place = ここではCairnは{ $language }で話します。`言語 en`、`言語 ja`、`言語 es`で変更できます。
lang-set-place = 設定しました。これからここでは{ $language }で話します。
lang-set-server = 設定しました。これからこのサーバーの公開メッセージは{ $language }で話します。あなただけに見える返信は、あなたのDiscordの言語に従います。
lang-server-admin-only = サーバーの言語を変えられるのは、サーバーの管理権限を持つメンバーだけです。あなただけに見える返信は、あなたのDiscordの言語で読めます。
lang-unknown = 話せるのは英語（`言語 en`）、日本語（`言語 ja`）、スペイン語（`言語 es`）です。`{ $asked }`には対応していません。
lang-name-en = 英語
lang-name-ja = 日本語
lang-name-es = スペイン語

notify-on = 手番のリマインダーは、対局のチャンネルでのメンションで届きます。
notify-off = 手番のリマインダーは届きません（時間切れ負けは引き続きお知らせします）。
notify-dm = 手番のリマインダーはダイレクトメッセージで届きます。
notify-now = { $state } `通知 on`、`通知 off`、`通知 dm`で変更できます。
notify-dm-discord-only = ここではダイレクトメッセージでのリマインダーは使えません。`通知 on`か`通知 off`を使ってください。
notify-usage = `通知 on`（チャンネルでのメンション）、`通知 off`（リマインダーなし）、`通知 dm`（使える場所でのダイレクトメッセージ）のいずれかを書いてください。
notify-done = 設定しました。{ $state }
settings-no-server = 設定はサーバーごとのもので、この会話はサーバーの中にありません。
settings-threads-on = threads=on：受けられた挑戦の対局は、それぞれ専用のスレッドに移ります（スレッドを作れる場所では）。
settings-threads-off = threads=off：対局は挑戦が受けられたチャンネルにとどまります。
settings-now = このサーバーの設定：{ $threads }{ $web }サーバーの管理権限を持つメンバーが`設定 threads=on|off`と`設定 web=on|off`で変更できます。
settings-threads-usage = `設定 threads=on`、`設定 threads=off`、`設定 web=on`か`設定 web=off`と書いてください。
settings-admin-only = このサーバーの設定を変更できるのは、サーバーの管理権限を持つメンバーだけです。
settings-changed = { $name }さんがこのサーバーの設定を変更しました：{ $changes }
settings-web-on = web=on：ここでの対局にはウェブページがあり、公開チャンネルの対局は公開の棋譜と統計に含まれます。
settings-web-off = web=off：ここでの対局にはウェブページがなく、公開の棋譜と統計にも含まれません。

# ボット相手とコマンドの制限。
rate-limited = コマンドの送信が速すぎて、処理が追いつきません。{ $seconds }秒待ってから、もう一度試してください。
bot-thinking = { $bot }が考えています…この対局の前に{ $ahead }局が待っています。
bot-move-failed = { $bot }は手を指せませんでした。{ $problem }
bot-forced-win = この局面は{ $seat }が{ $turns }手で勝ちを強制できます
bot-best-play-draw = この局面は互いに最善を尽くせば引き分けです

# 時間の長さと持ち時間の言葉（`clock=` の値は記法のまま）。
duration-days = { $count }日
duration-hours = { $count }時間
duration-minutes = { $count }分
duration-seconds = { $count }秒
duration-pair = { $first }{ $second }
duration-bank = { $start }（1手ごとに{ $increment }加算）
clock-unit-days = d（日）
clock-unit-hours = h（時間）
clock-unit-minutes = m（分）
clock-unit-seconds = s（秒）
