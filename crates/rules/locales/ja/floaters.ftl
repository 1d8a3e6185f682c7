# フローターズ：このゲームの言葉（記事の用語：穴、大穴、播く、ラップ、追加ラップ）。

floaters-title = フローターズ
floaters-summary = カラハの盤で2色の石を使うマンカラで、南（下の列）が赤、北（上の列）が黒を受け持ち、各穴には最初、その持ち主の色の石が4個ずつあり、南が先手です（first=northで変えられます）。手番：自分の穴の1つから石をすべて取り、反時計回りに続く穴と両方の大穴に1個ずつ播きます。播く石の色は1個ごとに選べます。最後の石が入った場所で決まります：大穴か、自分の色の石が多い穴なら手番は終わります。両方の色が同数の穴なら、その石をすべて大穴に入れて手番は終わります。自分の色の石が少ない穴なら、その石をすべて取ってさらに播きます（追加ラップ）。自分の列に自分の色の石がなくなれば勝ちです。同じ局面が3回目になると引き分けです。
floaters-notation = 穴の番号（自分から見て左から1〜6）、続いて各ラップの色を播く順に書きます。`r`が赤、`b`が黒です：`指す 3 rrbr`、追加ラップがあれば`指す 3 rrbr bbrbb`。穴の番号だけ（`指す 3`）で手番を始めることもできます。そのあと手持ちの石を表示しますので、各ラップの色を送ってください（`指す rbb`）。1色だけのラップは色の指定がいりません。
floaters-option-first = どちらが先に播くか
floaters-view-title = フローターズ
floaters-view-title-north = フローターズ（北が先手）
floaters-note-east-store = 東の大穴：{ $total }（赤{ $red }、黒{ $black }）
floaters-note-west-store = 西の大穴：{ $total }（赤{ $red }、黒{ $black }）
floaters-note-rows = 南の列の赤：{ $red }、北の列の黒：{ $black }
floaters-note-mid-turn = 手番の途中：手持ちは{ $stones }、次の石は{ $next }へ
floaters-stones = { $red ->
        [0] { $black ->
                [0] 石なし
               *[other] 黒{ $black }個（赤なし）
            }
       *[other] { $black ->
                [0] 赤{ $red }個（黒なし）
               *[other] 赤{ $red }個と黒{ $black }個
            }
    }
floaters-spot-east = 東の大穴
floaters-spot-west = 西の大穴
floaters-spot-south = 南の穴{ $pit }
floaters-spot-north = 北の穴{ $pit }
floaters-end-cleared-south = 南の列に赤の石が残っていません
floaters-end-cleared-north = 北の列に黒の石が残っていません
floaters-hint-legend = 緑の点：石を播ける穴
floaters-hint-legend-laps = 緑の点：送れるラップが始まる場所
floaters-playable = { $count ->
        [0] 播ける穴がありません
       *[other] 播ける穴は{ $pits }です
    }
floaters-hint-mid-turn = 手番の途中です。{ $from }から取った{ $stones }を持っています。播く順に色を送ってください。例：`{ $example }`。
floaters-hint-start = ラップの色の順番ごとに別の手になるため、手の一覧は表示しません。まず穴の番号だけで始めてください（{ $playable }）。例：`指す { $first }`。そのあと手持ちの石と次に入る穴を表示しますので、各ラップの色を播く順に送ってください。例：`指す rrb`。
floaters-next-step = { $from }から取った{ $stones }を持っています。播く順に色を送ってください（例：`指す { $example }`）
floaters-label-north = 北
floaters-label-south = 南
floaters-label-west-store = 西の大穴
floaters-label-east-store = 東の大穴
floaters-label-in-hand = 手持ち
floaters-label-red = 赤{ $count }
floaters-label-black = 黒{ $count }
floaters-label-next = 次：{ $spot }
floaters-label-hand-line = 手持ち：赤{ $red }、黒{ $black }
floaters-label-spot-east = 東の大穴
floaters-label-spot-west = 西の大穴
floaters-label-spot-south = 南{ $pit }
floaters-label-spot-north = 北{ $pit }

## 受け付けられない手。

floaters-usage = 1から6の穴の番号と、続いてラップごとに色の文字列（赤はr、黒はb）を書きます（例：`3 rrbr`、`3 rrbr bbrbb`）
floaters-refusal-mid-turn = 手番の途中です。{ $from }から取った{ $stones }を持っています。播く順に色を送ってください（例：`{ $example }`）
floaters-refusal-no-pit = 手番は色より先に、自分の穴の番号（左から1〜6）で始めます（例：`3 rrrr`）。{ $playable }
floaters-refusal-no-such-pit = 穴{ $pit }はありません。自分の穴は左から1〜6の番号です。{ $playable }
floaters-refusal-empty-pit = 自分の穴{ $pit }は空です。{ $playable }
floaters-refusal-opponents-pit = { $pit }は相手の穴です。{ $playable }
floaters-refusal-wrong-only-lap = { $from }からのラップで播くのは{ $stones }ですが、`{ $given }`は赤{ $red }個と黒{ $black }個です
floaters-refusal-wrong-lap = { $number }番目のラップで{ $from }から播くのは{ $stones }ですが、`{ $given }`は赤{ $red }個と黒{ $black }個です
floaters-refusal-turn-over = 手番は{ $laps }番目のラップで終わる（{ $why }）ので、`{ $extra }`で播く石はありません
floaters-lap-end-store = 最後の石が{ $spot }に入ります
floaters-lap-end-majority = { $spot }では{ $colour ->
        [red] 赤
       *[black] 黒
    }が多数です
floaters-lap-end-emptied = { $spot }は赤と黒が同数だったので空になりました
floaters-refusal-empty-turn = 手が書かれていません。{ $how }
floaters-refusal-not-a-pit = `{ $word }`は穴ではありません。{ floaters-usage }
floaters-refusal-lap-too-long = `{ $word }`はどのラップよりも長すぎます。石は全部で{ $max }個しかありません
floaters-refusal-not-colours = `{ $word }`は色の文字列ではありません。石1個につき1文字で、赤はr、黒はbと書きます。{ floaters-usage }
