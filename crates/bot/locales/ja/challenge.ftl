# 挑戦:申し込み、受諾、辞退、取り下げ。

challenge-usage = `挑戦 <ゲーム> [相手] [key=value ...]`と書いてください。例：{ $example }または`挑戦 { $starter } bot`。相手を書かなければ、誰でも受けられる挑戦になります。
challenge-which-game = どのゲームで、誰と対局しますか？{ $usage }
challenge-yourself = 自分自身には挑戦できません。ほかのプレイヤーか、ボット（`bot`）に挑戦してください。
challenge-option-twice = オプション`{ $key }`が二回指定されています。各オプションは一回だけ指定してください。
challenge-level-range = `level`は1から5の整数で指定してください（`{ $value }`ではなく）。
challenge-not-an-option = `{ $word }`が分かりません。オプションはkey=valueの形で書きます。{ $usage }
challenge-cannot-start = その設定では{ $game }を始められません：{ $reason }。
challenge-bad-options = { $reason }。
challenge-pie-rule-as = { $game }では挑戦者が配置役で、相手が色を選ぶので、`as=`は使えません。
challenge-not-a-side = `as={ $word }`は陣営ではありません。as={ $first }、as={ $second }、as=randomのいずれかを使ってください。
challenge-level-bot-only = `level=`はボットの強さの設定で、ボットに挑戦するときだけ使えます。
challenge-busy = このチャンネルではすでに{ $game }の対局（{ $first }対{ $second }）が行われています。{ $elsewhere }。または、この対局を先に終えてください。
challenge-elsewhere-thread = 新しい対局はスレッドかほかのチャンネルで始めてください
challenge-elsewhere = 新しい対局はほかのチャンネルで始めてください
challenge-pending = ここではすでに{ $challenger }さんが{ $challenged }さんに挑戦しています。返事を待ってください。{ $elsewhere }。
challenge-replaces = これは{ $challenger }さんの{ $challenged }さんへの挑戦（{ $game }）に代わるもので、前の挑戦は取り下げられます。
challenge-bot-takes-on = { $challenger }さんが{ $bot }と{ $game }で対局します（{ $details }）。{ $status }。{ $hint }
challenge-made = { $challenger }さんが{ $challenged }さんに{ $game }の対局を申し込みました{ $seats }{ $clock }。{ $challenged }さん、{ $within }以内に`受ける`か`断る`で答えてください。
challenge-seats-pie = 。{ $challenger }さんが配置し、{ $challenged }さんが色を選びます
challenge-seats-chosen = （{ $challenger }さんは{ $seat }）
challenge-clock-per-move = { $lead }1手{ $control }
challenge-clock-bank = { $lead }{ $control }
challenge-clock-lead-bot = あなたの持ち時間：
challenge-level = レベル{ $level }
game-first-hint = 手の書き方は`{ $rules } { $game }`、合法手の一覧は`{ $moves }`で見られます。`{ $pick }`なら記法を使わずに一歩ずつ手を選べます。
challenge-clock-lead = 。持ち時間：
challenge-accept-button = 受ける
challenge-decline-button = 断る
challenge-none-to-accept = このチャンネルには受けられる挑戦がありません。
challenge-not-for-you = この挑戦は{ $challenged }さんへのもので、あなた宛てではありません。
challenge-accepted = { $name }さんが受けました。{ $title }。{ $status }。{ $hint }
challenge-none-to-decline = このチャンネルには断れる挑戦がありません。
challenge-none-to-cancel = このチャンネルには取り下げられる挑戦がありません。
challenge-only-can-decline = この挑戦を断れるのは{ $name }さんだけです。
challenge-only-can-decline-yours = この挑戦を断れるのは{ $name }さんだけです。自分の挑戦を取り下げるには`取り消す`を使ってください。
challenge-only-can-cancel = この挑戦を取り下げられるのは{ $name }さんだけです。
challenge-only-can-cancel-theirs = この挑戦を取り下げられるのは{ $name }さんだけです。断るには`断る`を使ってください。
challenge-declined = { $challenged }さんは{ $challenger }さんの挑戦を断りました。
challenge-withdrawn = { $challenger }さんは{ $challenged }さんへの挑戦を取り下げました。

challenge-clock-unreadable = `{ $given }`は時間として読めません。数字と単位d（日）、h（時間）、m（分）で書いてください。例：`3d`、`12h`、`7d+1d`、または`none`。
challenge-clock-too-short = 持ち時間は一人あたり{ $minimum }以上必要です。`{ $given }`は短すぎます。

# 誰でも受けられる挑戦：相手を指名せず、挑戦者以外なら誰でも受けられる。
challenge-made-open = { $challenger }さんが{ $game }の対局を誰にでも申し込みました{ $seats }{ $clock }。最初に`受ける`と答えた人が対局します。この挑戦は{ $within }有効です。
challenge-seats-pie-open = 。{ $challenger }さんが配置し、相手が色を選びます
challenge-pending-open = ここではすでに{ $challenger }さんが誰でも受けられる挑戦（{ $game }）を出しています。`受ける`で受けるか、受けられるか取り下げられるまで待ってください。{ $elsewhere }。
challenge-replaces-open = これは{ $challenger }さんの誰でも受けられる挑戦（{ $game }）に代わるもので、前の挑戦は取り下げられます。
challenge-own-open = この挑戦はあなた自身のものなので、ほかの人が受ける必要があります。取り下げるには`取り消す`を使ってください。
challenge-own-addressed = この挑戦はあなたが申し込んだもので、受けるのは{ $challenged }さんです。取り下げるには`取り消す`を使ってください。
challenge-open-no-decline = この挑戦は誰でも受けられるものなので、断る必要はありません。放っておけば期限切れになります。取り下げられるのは{ $challenger }さんだけです（`取り消す`）。
challenge-withdrawn-open = { $challenger }さんは誰でも受けられる{ $game }の挑戦を取り下げました。
challenge-cancel-button = 取り下げる

# 再戦：ここで終わった対局をもう一度、先後を入れ替えて。
rematch-made = { $challenger }さんが{ $challenged }さんに{ $game }の再戦を申し込みました。先後は入れ替わります{ $seats }{ $clock }。{ $challenged }さん、{ $within }以内に`受ける`か`断る`で答えてください。
rematch-no-game = このチャンネルで終わった対局がないため、再戦できません。`挑戦`で対局を始めてください。
rematch-still-playing = ここでのあなたの対局はまだ続いています。`再戦`は対局が終わってから申し込めます。
rematch-new-game = ここではすでに新しい対局（{ $first }対{ $second }）が始まっているため、前の対局の再戦はできません。ほかのチャンネルかスレッドで`挑戦`を使って相手に挑んでください。
rematch-not-a-player = ここでの最後の対局は{ $first }さんと{ $second }さんの対局です。再戦を申し込めるのはこの二人だけです。
rematch-too-late = その対局が終わってから{ $window }以上たっています。再戦は対局の終了から{ $window }以内に限られます。`挑戦`で{ $opponent }さんにもう一度挑んでください。
rematch-offer = { $window }以内なら`{ $rematch }`で先後を入れ替えてもう一局指せます。
rematch-button = 再戦

## A game moved into its own thread: the words around the link.

thread-moved-before = 対局「{ $game }」は専用のスレッドで続きます：
thread-moved-after = 。
