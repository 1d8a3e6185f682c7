# スケジューラーが自分から送る知らせ:手番のリマインダー、時間切れ負け、
# 返事のないまま期限が切れた挑戦。

schedule-reminder = { $player }さん、{ $opponent }さんとの{ $game }であなたの番です。残り時間は{ $left }です。
schedule-reminder-last = { $player }さん、{ $opponent }さんとの{ $game }の手番の残り時間はあと{ $left }だけです。切れると時間切れ負けになります。
schedule-lost-on-time = { $loser }の持ち時間が切れました。{ $winner }の時間切れ勝ちです。
schedule-challenge-expired-open = { $challenger }さんの誰でも受けられる挑戦（{ $game }）は期限が切れました：{ $within }以内に誰も受けませんでした。
schedule-challenge-expired = { $challenger }さんから{ $challenged }さんへの挑戦（{ $game }）は期限が切れました：{ $within }以内に返事がありませんでした。
# 投稿できなかったチャンネルでの知らせ（次の返信の先頭に表示）。
schedule-meanwhile = その間に（{ $ago }前）：{ $news }
