# すべてのゲームに共通の言葉。座標と手の表記は翻訳しない。

turn-game-over = このゲームはもう終わっています。これ以上手を指すことはできません。
turn-not-legal = { $turn }はこの局面では合法手ではありません

## 席の名前（文頭でも使う形）。

seat-white = 白
seat-black = 黒
seat-red = 赤
seat-setter = 配置役
seat-chooser = 選択役
seat-unknown = プレイヤー

## 言葉での列挙：「a、bとc」。

list-empty = なし
list-and = { $first }と{ $last }
list-comma = { $first }、{ $rest }
list-more = ほか{ $count }か所

## 盤の下の状況の行。

view-no-status = { "" }
status-to-move = { $seat }の番です
status-wins-line = { $winner }の勝ち：行か列を押さえました
status-wins-no-moves = { $winner }の勝ち：{ $loser }に合法手がありません
status-wins-all-captured = { $winner }の勝ち：{ $loser }のコマがすべて捕獲されました
status-wins-stall = { $winner }の勝ち：膠着した時点で捕獲数が多い
status-wins-square = { $winner }の勝ち：{ $loser }は正四角形に応じられませんでした
status-wins-bigger-square = { $winner }の勝ち：より大きな正四角形でチェックに応じました
status-wins-cleared = { $winner }の勝ち：自分の列から自分の色の石がなくなりました
status-wins-resign = { $winner }の勝ち：{ $loser }が投了しました
status-wins-timeout = { $winner }の勝ち：{ $loser }の持ち時間が切れました
status-wins-repetition = { $winner }の勝ち：同一局面の繰り返し
status-wins-exhausted = { $winner }の勝ち：コマの置き切り
status-wins-agreement = { $winner }の勝ち：合意
status-draw-stall = 引き分け：対局が膠着しました
status-draw-repetition = 引き分け：同じ局面が3回目です
status-draw-exhausted = 引き分け：すべてのコマが置かれました
status-draw-agreement = 合意による引き分け
status-draw-line = 引き分け：行か列
status-draw-no-moves = 引き分け：合法手なし
status-draw-all-captured = 引き分け：全コマ捕獲
status-draw-square = 引き分け：正四角形
status-draw-bigger-square = 引き分け：より大きな正四角形
status-draw-cleared = 引き分け：列が空に
status-draw-resign = 引き分け：投了
status-draw-timeout = 引き分け：時間切れ

## 捕獲のゲームに共通の注記と終局の理由。

note-taken = { $seat }が取った{ $other }：{ $count }個
note-quiet-turns = 捕獲のない手数：{ $count }／{ $limit }
end-quiet-turns = 捕獲のない手が{ $count }手続きました
end-third-time = 同じ局面が3回目です
end-more-captures = { $why }。{ $seat }の捕獲数が多いです（{ $more }対{ $fewer }）
end-equal-captures = { $why }。捕獲数は同じです（各{ $count }個）

## `moves` の画像の凡例。

game-hint-legend = 緑の点：合法手でコマを置いたり動かしたりできる場所

## リストの項目としての文字列。

word = { $word }
list-or = { $first }か{ $last }

## 膠着で対局が終わる前の警告。

warning-stall = この手番で捕獲しなければ、捕獲のない手が{ $limit }手に達して対局が終わります：{ $result }
warning-result-wins = 捕獲数{ $more }対{ $fewer }で{ $seat }の勝ちです
warning-result-equal = 捕獲数が同じ（各{ $count }個）なので引き分けです
warning-result-draw = 引き分けです

## 受け付けられないゲームのオプション。

option-not-key-value = `{ $word }`はオプションではありません。オプションはkey=valueの形で書きます（例：size=7）
option-no-key = `{ $word }`には`=`の前にオプション名がありません
option-given-twice = オプション`{ $key }`が二回指定されています
option-unknown = 不明なオプション`{ $key }`です。{ $count ->
        [0] `{ $game }`にはオプションがありません
       *[other] `{ $game }`のオプションは{ $known }です
    }
option-out-of-range = オプション`{ $key }`は{ $min }から{ $max }までの整数でなくてはなりません{ $empty ->
        [yes] （`=`の後に値がありません）
       *[no] （`{ $given }`ではありません）
    }
option-not-a-choice = オプション`{ $key }`は{ $choices }のいずれかでなくてはなりません{ $empty ->
        [yes] （`=`の後に値がありません）
       *[no] （`{ $given }`ではありません）
    }
option-even = { $key } { $size }は偶数です。{ $game }は奇数のサイズでしか遊べません（{ $first } … { $max }）
option-not-odd = オプション`{ $key }`は{ $min }から{ $max }までの奇数でなくてはなりません{ $empty ->
        [yes] （`=`の後に値がありません）
       *[no] （`{ $given }`ではありません）
    }
option-not-a-point = `{ $point }`は{ $files }x{ $ranks }の盤のマスではありません
option-needs = { $key }={ $value }は{ $why }用です。{ $needs }と一緒に使ってください
option-unplayable = この盤では遊べません。{ $why }
option-wrong-kind = オプション`{ $key }`は別の種類のオプションとして宣言されています
option-undeclared = { $game }のオプションがルールの想定どおりに宣言されていません
board-short-line = { $kind ->
        [rank] { $line }行目
       *[file] { $line }列
    }の使えるマスが{ $cells }つだけになります。線に必要なマスは0か、3つ以上です

## 盤面の文章（画像の説明文）

describe-game = { $game }。
describe-white = 白
describe-black = 黒
describe-red = 赤
describe-pieces = { $colour }（{ $count }）：{ $spots }。
describe-stack = { $spot }に{ $count }段の山（下から）：{ $pieces }。
describe-empty = 盤上には何もありません。
describe-blocked = 使えないマス：{ $spots }。
describe-run = { $from }から{ $to }
describe-pit = { $pit }：{ $stones }。
describe-pit-south = 南の穴{ $number }
describe-pit-north = 北の穴{ $number }
describe-store-east = 東の大穴
describe-store-west = 西の大穴
describe-stones-red = 赤{ $count }個
describe-stones-black = 黒{ $count }個
describe-captured = 直前の手で取られた：{ $spots }。
describe-removed = 直前の手で取り除かれた：{ $spots }。
describe-winning = 勝ちを決めた位置：{ $spots }。
describe-note = { $note }。
describe-other-pits-empty = ほかの穴と大穴は空です。

## ピッカー（`pick`）の各ステップの説明。

pick-note-place = ここにコマを置く
pick-note-place-stone = ここに石を置く
pick-note-remove = ここから自分の石を取り除く
pick-note-add = ここに石を加える
pick-note-piece = このコマを動かす
pick-note-approach = 接近で取る：{ $pieces }
pick-note-withdrawal = 離脱で取る：{ $pieces }
pick-note-white-piece = 白のコマ
pick-note-black-piece = 黒のコマ
pick-note-side = { $side }を持つ
pick-note-red = 赤い石をまく
pick-note-black = 黒い石をまく
pick-note-rest = この周の残り（{ $count }個）
