# ボットの言語(`lang`)。

lang-now-place = ここでは Cairn は{ $language }で話します。`lang en`、`lang ja`、`lang es` で変更できます。
lang-set-place = 設定しました。これからここでは{ $language }で話します。
lang-set-server = 設定しました。これからこのサーバーの公開メッセージは{ $language }で話します。あなただけに見える返信は、あなたの Discord の言語に従います。
lang-server-admin-only = サーバーの言語を変えられるのは、サーバーの管理権限を持つメンバーだけです。あなただけに見える返信は、あなたの Discord の言語で読めます。
lang-unknown = 話せるのは英語(`lang en`)、日本語(`lang ja`)、スペイン語(`lang es`)です。`{ $asked }` には対応していません。
lang-name-en = 英語
lang-name-ja = 日本語
lang-name-es = スペイン語
