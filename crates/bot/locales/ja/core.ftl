# ボットの言語(`lang`)。

lang-now-place = ここでは Cairn は{ $language }で話します。`lang en`、`lang ja`、`lang es` で変更できます。
lang-set-place = 設定しました。これからここでは{ $language }で話します。
lang-set-server = 設定しました。これからこのサーバーの公開メッセージは{ $language }で話します。あなただけに見える返信は、あなたの Discord の言語に従います。
lang-server-admin-only = サーバーの言語を変えられるのは、サーバーの管理権限を持つメンバーだけです。あなただけに見える返信は、あなたの Discord の言語で読めます。
lang-unknown = 話せるのは英語(`lang en`)、日本語(`lang ja`)、スペイン語(`lang es`)です。`{ $asked }` には対応していません。
lang-name-en = 英語
lang-name-ja = 日本語
lang-name-es = スペイン語

notify-on = 手番のリマインダーは、対局のチャンネルでのメンションで届きます。
notify-off = 手番のリマインダーは届きません(時間切れ負けは引き続きお知らせします)。
notify-dm = 手番のリマインダーはダイレクトメッセージで届きます。
notify-now = { $state } `notify on`、`notify off`、`notify dm` で変更できます。
notify-dm-discord-only = ダイレクトメッセージでのリマインダーはここでは Discord でのみ使えます。`notify on` か `notify off` を使ってください。
notify-usage = `notify on`(チャンネルでのメンション)、`notify off`(リマインダーなし)、`notify dm`(Discord でのダイレクトメッセージ)のいずれかを書いてください。
notify-done = 設定しました。{ $state }
settings-no-server = 設定はサーバーごとのもので、この会話はサーバーの中にありません。
settings-threads-on = threads=on:受けられた挑戦の対局は、それぞれ専用のスレッドに移ります(スレッドを作れる場所では)。
settings-threads-off = threads=off:対局は挑戦が受けられたチャンネルにとどまります。
settings-now = このサーバーの設定:{ $threads } サーバーの管理権限を持つメンバーが `settings threads=on` か `settings threads=off` で変更できます。
settings-threads-usage = `settings threads=on` か `settings threads=off` と書いてください。
settings-admin-only = このサーバーの設定を変更できるのは、サーバーの管理権限を持つメンバーだけです。
settings-changed = { $name } さんがこのサーバーの設定を変更しました:{ $threads }

# ボット相手とコマンドの制限。
rate-limited = コマンドの送信が速すぎて、処理が追いつきません。{ $seconds } 秒待ってから、もう一度試してください。
bot-thinking = { $bot } が考えています…この対局の前に { $ahead } 局が待っています。
bot-move-failed = { $bot } は手を指せませんでした。{ $problem }
bot-forced-win = この局面は { $seat } が { $turns } 手で勝ちを強制できます
bot-best-play-draw = この局面は互いに最善を尽くせば引き分けです
