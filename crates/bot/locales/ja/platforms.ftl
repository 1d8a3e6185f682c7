# プラットフォームの部分が添える言葉:Discord と Matrix。

discord-unknown-command = `/{ $name }`というコマンドは知りません。
discord-opponent-is-a-bot = { $name }はボットなので対局できません。人を選ぶか、私（{ $bot }）を相手に選んでください。
discord-not-for-you = この挑戦はあなた宛てではありません。
discord-permission-attach-files = 「ファイルを添付」
discord-permission-embed-links = 「埋め込みリンク」
# 日本語では数で形が変わらない。
discord-lack-permissions = { $count ->
   *[other] このチャンネルでは{ $permissions }の権限がありません
}
discord-no-board-picture = （ここでは盤面の画像を表示できません：{ $why }。）
discord-no-files = （ここではファイルを添付できません：{ $why }。）
discord-missing-permissions = （{ $why }。）
matrix-type-to-answer = （{ $commands }と入力してください）
discord-could-not-post = すみません、Discordが私の返答を受け付けませんでした。対局の状況は`/board`で確認できます。
discord-done = 完了しました。
discord-button-unused = このボタンはもう使えません。

# The picker on Discord: its select menus and buttons.
discord-pick-options = 選択肢{ $first }〜{ $last }
discord-pick-back = 戻る
discord-pick-more = もっと見る
