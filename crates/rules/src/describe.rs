//! A board in words, for readers who do not see the picture (the image's
//! alt text): what stands where, what won, what the last turn took. Built
//! from the [`BoardView`] alone, so it says what the picture shows and
//! knows no game.
//!
//! The sentences come in a fixed order, the ones a reader needs most
//! first (the game, the pieces by colour, the stacks or pits, then what
//! the last turn took and what won); whoever shows them adds the side to
//! move and the last turn in front, and may cut from the end.

use crate::notation::{message_list_and, square_name};
use crate::view::{BoardView, Colour, Layout, MarkKind, Spot};
use cairn_words::Message;

/// How closely to list the spots of a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detail {
    /// Every spot by name: "a1, b1 and c1".
    Each,
    /// Runs along a rank as one item: "a1 to c1" (for long lists).
    Runs,
}

/// The board of `view` in sentences (messages), most needed first.
pub fn describe(view: &BoardView, detail: Detail) -> Vec<Message> {
    let mut out = vec![Message::new("describe-game").arg("game", view.title.clone())];
    match view.layout {
        Layout::Mancala { .. } => out.extend(pits(view)),
        Layout::Cells { .. } | Layout::Points { .. } => out.extend(pieces(view, detail)),
    }
    out.extend(marked(view, MarkKind::Captured, "describe-captured"));
    out.extend(marked(view, MarkKind::Removed, "describe-removed"));
    if !view.winning.is_empty() {
        let names = spot_names(view.layout, &view.winning);
        out.push(Message::new("describe-winning").arg("spots", message_list_and(names)));
    }
    let note = |words: &Message| Message::new("describe-note").arg("note", words.clone());
    out.extend(view.notes.iter().map(note));
    if let (Some(_), Some(words)) = (view.hand, &view.mancala) {
        out.push(note(&words.hand_line));
    }
    out
}

/// Single pieces by colour, then every stack bottom first, then the
/// blocked cells; "the board is empty" when nothing stands on it.
fn pieces(view: &BoardView, detail: Detail) -> Vec<Message> {
    let mut out = Vec::new();
    for colour in [Colour::White, Colour::Black, Colour::Red] {
        let spots: Vec<usize> = spots_where(
            view,
            |spot| matches!(spot, Spot::Stack(stack) if stack.as_slice() == [colour]),
        );
        if !spots.is_empty() {
            out.push(
                Message::new("describe-pieces")
                    .arg("colour", colour_word(colour))
                    .arg("count", spots.len())
                    .arg("spots", spot_list(view.layout, &spots, detail)),
            );
        }
    }
    for (at, spot) in view.spots.iter().enumerate() {
        if let Spot::Stack(stack) = spot {
            if stack.len() > 1 {
                out.push(stack_sentence(view.layout, at, stack));
            }
        }
    }
    if out.is_empty() {
        out.push(Message::new("describe-empty"));
    }
    let blocked = spots_where(view, |spot| matches!(spot, Spot::Blocked));
    if !blocked.is_empty() {
        out.push(
            Message::new("describe-blocked").arg("spots", spot_list(view.layout, &blocked, detail)),
        );
    }
    out
}

/// "Stack on c3, bottom first: white, black and white (3)."
fn stack_sentence(layout: Layout, at: usize, stack: &[Colour]) -> Message {
    let colours = stack.iter().map(|&c| colour_word(c)).collect();
    Message::new("describe-stack")
        .arg("spot", spot_name(layout, at))
        .arg("count", stack.len())
        .arg("pieces", message_list_and(colours))
}

/// Every pit and store that holds stones, with its stones by colour.
fn pits(view: &BoardView) -> Vec<Message> {
    let mut out = Vec::new();
    for (at, spot) in view.spots.iter().enumerate() {
        let Spot::Pit { red, black } = *spot else {
            continue;
        };
        let mut stones = Vec::new();
        if red > 0 {
            stones.push(Message::new("describe-stones-red").arg("count", red));
        }
        if black > 0 {
            stones.push(Message::new("describe-stones-black").arg("count", black));
        }
        if !stones.is_empty() {
            out.push(
                Message::new("describe-pit")
                    .arg("pit", pit_name(view.layout, at))
                    .arg("stones", message_list_and(stones)),
            );
        }
    }
    if out.is_empty() {
        out.push(Message::new("describe-empty"));
    } else if out.len() < view.spots.len() {
        out.push(Message::new("describe-other-pits-empty"));
    }
    out
}

/// A sentence naming the spots the last turn marked with `kind`.
fn marked(view: &BoardView, kind: MarkKind, id: &'static str) -> Option<Message> {
    let mut spots: Vec<usize> = view
        .last
        .marks
        .iter()
        .filter(|mark| mark.kind == kind)
        .map(|mark| mark.spot)
        .collect();
    spots.sort_unstable();
    spots.dedup();
    (!spots.is_empty())
        .then(|| Message::new(id).arg("spots", message_list_and(spot_names(view.layout, &spots))))
}

fn spots_where(view: &BoardView, test: impl Fn(&Spot) -> bool) -> Vec<usize> {
    (0..view.spots.len())
        .filter(|&at| test(&view.spots[at]))
        .collect()
}

/// The spots as a list in words, each by name or (with [`Detail::Runs`])
/// runs of neighbours along a rank as "a1 to d1".
fn spot_list(layout: Layout, spots: &[usize], detail: Detail) -> Message {
    if detail == Detail::Each {
        return message_list_and(spot_names(layout, spots));
    }
    let files = match layout {
        Layout::Cells { files, .. } | Layout::Points { files, .. } => files.max(1) as usize,
        Layout::Mancala { .. } => usize::MAX,
    };
    let mut items = Vec::new();
    let mut i = 0;
    while i < spots.len() {
        let mut j = i;
        while j + 1 < spots.len()
            && spots[j + 1] == spots[j] + 1
            && !spots[j + 1].is_multiple_of(files)
        {
            j += 1;
        }
        items.push(if j - i >= 2 {
            Message::new("describe-run")
                .arg("from", spot_name(layout, spots[i]))
                .arg("to", spot_name(layout, spots[j]))
        } else {
            // Two neighbours read better as two names than as a run.
            j = i;
            name_word(spot_name(layout, spots[i]))
        });
        i = j + 1;
    }
    message_list_and(items)
}

fn spot_names(layout: Layout, spots: &[usize]) -> Vec<Message> {
    spots
        .iter()
        .map(|&at| match layout {
            Layout::Mancala { .. } => pit_name(layout, at),
            _ => name_word(spot_name(layout, at)),
        })
        .collect()
}

/// The name of a cell or point: `a1`.
fn spot_name(layout: Layout, at: usize) -> String {
    match layout {
        Layout::Cells { files, .. } | Layout::Points { files, .. } => {
            let files = files.max(1) as usize;
            square_name(at % files, at / files)
        }
        Layout::Mancala { .. } => at.to_string(),
    }
}

/// The name of a pit or store, in words: "South 3", "the east store"
/// (indices as [`Layout::Mancala`] describes).
fn pit_name(layout: Layout, at: usize) -> Message {
    let pits = match layout {
        Layout::Mancala { pits } => pits as usize,
        _ => 0,
    };
    match at {
        s if s < pits => Message::new("describe-pit-south").arg("number", s + 1),
        s if s == pits => Message::new("describe-store-east"),
        s if s <= 2 * pits => Message::new("describe-pit-north").arg("number", s - pits),
        _ => Message::new("describe-store-west"),
    }
}

fn name_word(name: String) -> Message {
    Message::new("word").arg("word", name)
}

fn colour_word(colour: Colour) -> Message {
    Message::new(match colour {
        Colour::White => "describe-white",
        Colour::Black => "describe-black",
        Colour::Red => "describe-red",
    })
}
