# コマンド一覧:名前、説明、引数、選択肢、ヘルプ。
# Discord に表示される`command-*`、`arg-*`、`choice-*`は 100 文字以内、
# 名前は 32 文字以内(小文字、空白なし)。

help-head = Cairnはチャットで7種類のボードゲームを遊べるボットです。コマンド：
help-line = - `{ $usage }`：{ $description }
help-foot = まずは`挑戦 { $starter } <相手>`か`ルール`から始めましょう。対局中は`選ぶ`で記法を知らなくても指せます。
help-command = `{ $usage }`：{ $description }。
help-no-such-command = `{ $word }`というコマンドはありません{ $hint }。コマンド：{ $commands }。
help-did-you-mean = （`{ $command }`のことですか？）
command-did-you-mean = `{ $command }`のことですか？
# コマンドを呼ぶ別の言葉(`言葉:コマンド`)。
command-more-words = 打つ:move 着手:move 対局:challenge 受諾:accept 辞退:decline 盤:board ヘルプ:help 使い方:help
command-write-move = 手を指すには`指す { $turn }`と書いてください。
command-unknown = `{ $word }`というコマンドは知りません。{ $hint }コマンド：{ $commands }。
command-too-long = このコマンドは{ $length }文字あります。読めるのは{ $limit }文字までです。
command-key-twice = オプション`{ $key }`が二回指定されています。各オプションは一回だけ指定してください。
command-unknown-key = `{ $command }`に`{ $key }`というオプションはありません。使えるのは{ $keys }です。`{ $usage }`と書いてください。
command-missing = `{ $usage }`と書いてください。
command-unexpected = ここで`{ $word }`は読めません。`{ $usage }`と書いてください。

command-challenge-name = 挑戦
command-challenge = このチャンネルで誰か（ボット、または誰でも）に対局を挑む
command-challenge-details = ゲーム：{ $games }。オプションはゲームごとに異なります（`ルール <ゲーム>`を参照）。`as=`で自分の色を選びます（既定：先手）。`level=`はボットに挑むときの強さです。`clock=`は1手ごとの持ち時間（`3d`）、1手ごとに時間が加算される持ち時間（`7d+1d`、最初の時間を超えない）、または`none`です。単位：{ $units }。最も短い持ち時間は1手{ $minimum }です。時間切れのプレイヤーは負けになります。持ち時間の半分を使ったときと終わり間際に通知が届きます。相手を書かなければ、あなた以外の誰でも受けられる挑戦になります。返事のない挑戦は{ $ttl }で失効します。
command-accept-name = 受ける
command-accept = 自分への挑戦か、誰でも受けられる挑戦を受ける
command-decline-name = 断る
command-decline = 自分への挑戦を断る
command-cancel-name = 取り消す
command-cancel = 自分の挑戦を取り下げる
command-rematch-name = 再戦
command-rematch = ここで終わった対局を、先後を入れ替えてもう一度指す
command-rematch-details = 対局の終了から24時間以内なら、どちらのプレイヤーも申し込めます。同じゲーム、オプション、持ち時間で先後を入れ替え、ふつうの挑戦と同じように受けます（ボットはすぐに受けます）。ここで新しい対局が始まると、前の対局の再戦はできなくなります。
command-move-name = 指す
command-move = 自分の手を指す（`打つ`でも可）。例：`指す b2 a4 d1`
command-move-details = 手の書き方はゲームによって違います。`ルール <ゲーム>`で書き方を、`合法手`で合法手の一覧を見られます。
command-pick-name = 選ぶ
command-pick = 記法を使わずに手を一歩ずつ選ぶ：`pick`のあと`pick N`
command-pick-details = `pick`で手の最初の一歩（点、コマ、穴など）が番号付きで並びます。`pick N`でN番を選ぶと次の一歩が並び、手がそろうとそのまま指します。`pick back`で一歩戻し、`pick more`で長い一覧の次のページを見ます。選べるのは手番の対局者だけです。
command-board-name = 盤面
command-board = 盤面を表示する
command-moves-name = 合法手
command-moves = 合法手を一覧にして盤上に示す
command-undo-name = 待った
command-undo = 直前の自分の手の待ったを申し出る
command-undo-details = その後に指された手も戻ります。相手が`待った`で答えると認められ、次の手が指されると申し出は失効します。
command-resign-name = 投了
command-resign = 投了する（先に確認します）
command-resign-details = 1分以内にもう一度`投了`を送ると確定します。
command-draw-name = 引き分け
command-draw = 引き分けを提案する、または提案を受け入れる
command-draw-details = 引き分けのあるゲームだけです。次の手が指されると提案は失効します。
command-rules-name = ルール
command-rules = ゲームのルールの要約と、完全なルールの場所
command-games-name = 対局一覧
command-games = すべてのチャンネルでのあなたの対局と挑戦、最近の結果
command-replay-name = 再生
command-replay = このチャンネルの対局を一手ずつ動く画像で見る
command-replay-details = 対局が終わったときにも投稿されます。
command-export-name = 棋譜
command-export = このチャンネルの対局の記録（JSONとテキスト）
command-export-details = JSONはAbstract Playの棋譜形式です。
command-rating-name = レーティング
command-rating = あなた（または他のプレイヤー）のゲームごとのGlicko-2レーティング
command-rating-details = 人間どうしの対局は、双方が2手以上指していれば、どう終わっても数えられます。ボットとの対局は数えません。`レーティング puzzles`でパズルのレーティングを表示します。
command-leaderboard-name = ランキング
command-leaderboard = ここでのゲームの上位プレイヤー（`all`で全体）
command-leaderboard-details = 「ここ」はこのサーバー、ルーム、チャンネルのことです。`all`はボットと対局するすべての人です。
command-notify-name = 通知
command-notify = 自分の番を知らせる方法：チャンネルで、ダイレクトメッセージで、または知らせない
command-notify-details = `on`：対局のチャンネルでメンション。`dm`：ダイレクトメッセージ。`off`：通知なし。`digest 08:00 Asia/Tokyo`：毎日その時刻に、あなたの番の対局をまとめてダイレクトメッセージで（急ぎの通知は別に届きます）。
command-settings-name = 設定
command-settings = このサーバーの設定（サーバー管理の権限を持つメンバーが変更できます）
command-settings-details = `threads=on`で受けた対局ごとに専用のスレッドを作ります。`threads=off`で対局はチャンネルにとどまります。`web=off`でこのサーバーの対局をウェブページ・棋譜・統計から外し、`web=on`で戻します。`puzzle=08:00 zone=Asia/Tokyo`で毎日その時刻にこのチャンネルへパズルを出題し、`puzzle=off`でやめます。
command-lang-name = 言語
command-lang = ここで話す言語：英語（English）、日本語、スペイン語（español）
command-help-name = ヘルプ
command-help = この一覧、または一つのコマンドの詳しい説明

arg-game-name = ゲーム
arg-opponent-name = 相手
arg-options-name = オプション
arg-as-name = 手番
arg-clock-name = 持ち時間
arg-level-name = 強さ
arg-turn-name = 手
arg-player-name = プレイヤー
arg-scope-name = 範囲
arg-mode-name = 方法
arg-threads-name = スレッド
arg-web-name = ウェブ
arg-language-name = 言語
arg-command-name = コマンド
arg-step-name = 番号

arg-challenge-game = 遊ぶゲーム
arg-challenge-opponent = 挑む相手（Cairn自身ならボットと対局、空欄なら誰でも受けられる挑戦）
arg-challenge-options = ゲームのオプション（key=valueの形、例：size=7、入力中に候補が出ます）
arg-challenge-as = 自分の手番（既定：先手）
arg-challenge-clock = 1手ごとの持ち時間（3d）、持ち時間と1手ごとの加算（7d+1d）、またはnone
arg-challenge-level = ボットに挑むときの強さ。1（やさしい）から5（強い）
arg-move-turn = 指す手。例：b2 a4 d1（入力中に合法手の候補が出ます）
arg-rules-game = ゲーム（省略するとゲームの一覧）
arg-rating-player = 誰のレーティングか（省略すると自分）
arg-rating-game = 一つのゲーム（省略するとすべてのゲーム）
arg-pick-step = 一覧の番号（またはback、more）。省略すると最初の一歩の一覧
arg-leaderboard-game = ゲーム
arg-leaderboard-scope = このサーバー（既定）か、ボットと対局するすべての人か
arg-notify-mode = 自分の番の通知の届け方（省略すると現在の設定を表示）
arg-settings-threads = 受けた対局ごとに専用のスレッドを作る（省略すると設定を表示）
arg-settings-web = このサーバーの対局をウェブページ・棋譜・統計に載せる（省略すると設定を表示）
arg-lang-language = このサーバーの公開メッセージの言語（省略すると現在の言語を表示）
arg-help-command = 説明するコマンド（省略すると一覧）

choice-as-white = 白（または赤）
choice-as-black = 黒
choice-as-random = ランダム
choice-scope-here = このサーバー
choice-scope-all = 全体
choice-mode-on = 対局のチャンネルでメンション
choice-mode-dm = ダイレクトメッセージ
choice-mode-off = 通知なし
choice-threads-on = オン：対局ごとにスレッド
choice-threads-off = オフ：対局はチャンネルにとどまる

unknown-game = `{ $name }`というゲームはありません。{ $close }ゲームは{ $games }です。
unknown-game-close = `{ $game }`のことですか？

command-vacation-name = 休暇
command-vacation = 休暇：留守の間、あなたの時計は止まり、通知も止まります
command-vacation-details = `vacation start 5d`で今から休暇（`vacation start`だけなら`vacation end`まで）、`vacation from 2026-12-20 7d`で予定、`vacation end`で終了または取り消し、`vacation auto on`で持ち時間が切れるときだけ1時間ずつ使います。休暇は一人あたり年に決まった日数です。`vacation=no`で作った対局は止まりません。
arg-when-name = 内容
arg-vacation-when = start [N]d、from <年-月-日> [N]d、end、auto on|off（省略すると現在の状況）
arg-vacation-name = 休暇
arg-challenge-vacation = no：休暇でも対局の時計を止めない（大会向け）
choice-vacation-yes = はい：休暇中は時計を止める
choice-vacation-no = いいえ：時計を止めない
# 大会（#39）。
command-tournament-name = 大会
command-tournament = このチャンネルの大会を開く・参加する・始める・見る
command-tournament-details = `tournament create <ゲーム> [format=roundrobin|double|swiss] [rounds=N] [clock=3d] [max=N] [starts=2h|manual] [key=value ...]`で大会を開きます（誰でも開けます）。`join`と`leave`で参加・退出します（退出するとまだ始まっていない対局は不戦敗）。主催者とサーバーの管理者は`start`で始め、`cancel`で中止できます。`standings`で順位表を表示します。総当たりは3〜16人（全員と一局ずつ。`double`は先後を入れ替えて二局ずつ）、スイス式は最大64人（回戦数の既定は優勝者が決まるだけの数）。各対局は大会の持ち時間とオプションで、専用のチャンネルかスレッドで自動的に始まり、通常の対局と同じくレーティングに数えます。回戦の対局がすべて終わると、すぐに次の回戦が組まれます。同点は総当たりではゾンネボーン・バーガー、スイス式ではブーフホルツ、次にゾンネボーン・バーガーで決めます。
command-tournaments-name = 大会一覧
command-tournaments = このチャンネルの大会の一覧
arg-action-name = 操作
arg-format-name = 方式
arg-rounds-name = 回戦数
arg-max-name = 最大人数
arg-starts-name = 開始
arg-tournament-action = すること：create、join、leave、start、standings、cancel
arg-tournament-game = 大会のゲーム（create）
arg-tournament-options = ゲームのオプション（key=value、例：size=7）（create）
arg-tournament-format = 総当たり、二回総当たり、スイス式（create）
arg-tournament-rounds = スイス式の回戦数（create。既定：優勝者が決まるだけの数）
arg-tournament-clock = 対局の持ち時間：一手ごと（3d）、持ち時間と加算（7d+1d）、またはnone
arg-tournament-max = 最大人数（create）
arg-tournament-starts = 自動で始まるまでの時間（2h、1d）、またはmanual（create）
choice-action-create = 開く
choice-action-join = 参加する
choice-action-leave = 退出する
choice-action-start = 始める
choice-action-standings = 順位表
choice-action-cancel = 中止する
choice-format-roundrobin = 総当たり
choice-format-double = 二回総当たり
choice-format-swiss = スイス式
command-premove-name = 予約手
command-premove = 条件付きの手：相手がこう指したら、すぐこう応じる
command-premove-details = `premove e4 f5 g6 h7`で手順を保存します（最大6組：相手の手と自分の応手）。複数の手順は木になります。各手順は入力時にルールで確かめます。相手が手順の最初の手を指すと、あなたの応手がすぐに指されます。どの手順にもない手が指されると手順は消え、あなたにだけ知らせます。手順は他の人には見えません。`premove clear`で消せます。
command-premoves-name = 予約手一覧
command-premoves = この対局でのあなたの条件付きの手（非公開）
command-autoplay-name = 自動着手
command-autoplay = 合法手が一つだけのとき、あなたの代わりに指す
command-autoplay-details = `autoplay on`：合法手がちょうど一つのとき、すぐに指して強制手として知らせます。`autoplay off`（初期設定）はあなたを待ちます。投了と引き分けは強制されません。
arg-line-name = 手順
arg-switch-name = 切替
arg-premove-line = 相手の手、次に自分の応手、…（手に空白があればカンマで区切る）、または`clear`
arg-autoplay-switch = `on`または`off`（省略すると現在の設定）
choice-switch-on = オン
choice-switch-off = オフ
command-next-name = 次
command-next = あなたの番の対局のうち、いちばん急ぐものの盤面と、その場所へのリンク
arg-at-name = 時刻
arg-notify-at = `digest`のとき：時刻`HH:MM`とタイムゾーン（例：`08:00 Asia/Tokyo`、省略時はUTC）
choice-mode-digest = 毎日のまとめをダイレクトメッセージで

command-review-name = 検討
command-review = 終わった対局をソルバーが1手ずつ検討：最善手順での勝敗と、それを変えた手
command-review-details = `検討`はこのチャンネルで最後に終わった対局を、`検討 <ID>`はウェブページのアドレス末尾のIDで指定した対局を調べます。予算内にソルバーが届いた局面はすべて証明され（N手で勝ち・負け、引き分け）、勝敗を変えた手には結果を保てた手を添えます。対局中の検討はできません。
arg-review-game = 対局のID（省略するとこのチャンネルで最後の対局）
command-puzzle-name = パズル
command-puzzle = 実戦から作ったパズル：数手以内に勝つ、初手がただ一つに決まる問題
command-puzzle-details = `パズル`で今のパズル（なければ新しい問題）、`パズル <ゲーム>`か`パズル new`で新しい問題、`パズル <手>`で解答します（`選ぶ`でも答えられます）。正解ならソルバーの最善の受けに対して勝つまで続き、不正解で終わります。結果であなたとパズルのレーティング（Glicko-2）が動きます：`レーティング puzzles`。
arg-puzzle-answer = 答えの手、新しい問題のゲーム名、new、またはrating
arg-settings-puzzle = 毎日この時刻（例：`08:00`）にここへパズルを出題する、または`off`
arg-settings-zone = 今日のパズルの時刻のタイムゾーン（IANA名、例：Asia/Tokyo。省略するとUTC）
arg-answer-name = 答え
arg-puzzle-name = パズル
arg-zone-name = タイムゾーン
