//! A Unicode text board drawn from a board view worded in the reader's
//! language (a [`WordedView`]), for the console (and any platform without
//! images).

use cairn_rules::{seat_message, Colour, Layout, MarkKind, Spot, WordedView};

use crate::i18n::{say, Lang};
use unicode_width::UnicodeWidthStr;

fn stone(colour: Colour) -> char {
    match colour {
        Colour::White => '○',
        Colour::Black => '●',
        Colour::Red => '◆',
    }
}

/// Three characters for a cell or point.
fn cell_text(spot: &Spot, marked: bool) -> String {
    let body = match spot {
        Spot::Blocked => "▒▒".to_string(),
        Spot::Empty => " ·".to_string(),
        Spot::Stack(pieces) => match pieces.as_slice() {
            [] => " ·".to_string(),
            [one] => format!(" {}", stone(*one)),
            [bottom, top] if bottom != top => format!("{}{}", stone(*top), stone(*bottom)),
            [.., top] => format!("{}{}", stone(*top), pieces.len().min(9)),
        },
        Spot::Pit { red, black } => format!("{red}/{black}"),
    };
    if marked {
        format!("{body}*")
    } else {
        format!("{body} ")
    }
}

/// A colour's name for a reader ("White").
fn colour_name(colour: Colour, lang: Lang) -> String {
    let word = match colour {
        Colour::White => "white",
        Colour::Black => "black",
        Colour::Red => "red",
    };
    say(lang, &seat_message(word))
}

/// How the stacks on the board read, a line per form shown: two colours
/// are written top stone first (`○●`: White on Black), taller stacks as
/// their top stone and height (`○3`).
fn stack_legend(view: &WordedView, lang: Lang) -> Vec<String> {
    let stacks = || {
        view.spots.iter().filter_map(|spot| match spot {
            Spot::Stack(pieces) => Some(pieces.as_slice()),
            _ => None,
        })
    };
    let pair = stacks().find_map(|pieces| match pieces {
        [bottom, top] if bottom != top => Some((*bottom, *top)),
        _ => None,
    });
    let tall = stacks().find(|pieces| pieces.len() >= 2 && !matches!(pieces, [a, b] if a != b));
    let mut lines = Vec::new();
    if let Some((bottom, top)) = pair {
        lines.push(crate::t!(
            lang,
            "text-board-stack-pair",
            stack = format!("{}{}", stone(top), stone(bottom)),
            top = colour_name(top, lang),
            bottom = colour_name(bottom, lang)
        ));
    }
    if let Some(pieces) = tall {
        let top = *pieces.last().unwrap_or(&Colour::White);
        lines.push(crate::t!(
            lang,
            "text-board-stack-height",
            stack = cell_text(&Spot::Stack(pieces.to_vec()), false)
                .trim()
                .to_string(),
            height = pieces.len(),
            top = colour_name(top, lang)
        ));
    }
    lines
}

/// The board as lines of text with coordinates, then the caption and notes.
/// Last-turn spots carry a `*`.
pub fn board_text(view: &WordedView, caption: &str, lang: Lang) -> String {
    let marked = |spot: usize| {
        view.last.path.contains(&spot)
            || view
                .last
                .marks
                .iter()
                .any(|m| m.spot == spot && m.kind != MarkKind::Hint)
    };
    let mut out = format!("{}\n", view.title);
    match view.layout {
        Layout::Cells { files, ranks } | Layout::Points { files, ranks } => {
            let files = files as usize;
            for rank in (0..ranks as usize).rev() {
                out.push_str(&format!("{:>2} ", rank + 1));
                for file in 0..files {
                    let spot = rank * files + file;
                    let text = view.spots.get(spot).map(|s| cell_text(s, marked(spot)));
                    out.push_str(&text.unwrap_or_else(|| "   ".into()));
                }
                out.push('\n');
            }
            out.push_str("   ");
            for file in 0..files {
                out.push_str(&format!(" {} ", (b'a' + file as u8) as char));
            }
            out.push('\n');
        }
        Layout::Mancala { pits } => {
            let pits = pits as usize;
            let pit = |spot: usize| match view.spots.get(spot) {
                Some(Spot::Pit { red, black }) => {
                    // "4r 0b": each count beside its own colour letter.
                    format!(
                        "{:>2}r{:>2}b{}",
                        red,
                        black,
                        if marked(spot) { "*" } else { " " }
                    )
                }
                _ => "   ?   ".into(),
            };
            // North's pits run right to left along the top row.
            out.push_str("        ");
            for n in (1..=pits).rev() {
                out.push_str(&format!("  N{n}   "));
            }
            out.push_str("\n        ");
            for spot in (pits + 1..=2 * pits).rev() {
                out.push_str(&pit(spot));
            }
            // The stores, labelled, at each end of the board (English for
            // a view built by hand, without words).
            let (west, east) = view
                .mancala
                .as_ref()
                .map_or(("West store", "East store"), |w| {
                    (w.west_store.as_str(), w.east_store.as_str())
                });
            // Padded by the columns a terminal gives the label (a Japanese
            // character takes two), so the east label stands over its store.
            let pad = (7 * pits + 8).saturating_sub(UnicodeWidthStr::width(west));
            out.push_str(&format!("\n{west}{}{east}", " ".repeat(pad)));
            out.push_str(&format!("\n{}", pit(2 * pits + 1)));
            out.push_str(&" ".repeat(7 * pits + 1));
            out.push_str(&pit(pits));
            out.push_str("\n        ");
            for spot in 0..pits {
                out.push_str(&pit(spot));
            }
            out.push_str("\n        ");
            for n in 1..=pits {
                out.push_str(&format!("  S{n}   "));
            }
            out.push('\n');
        }
    }
    if let Some(hand) = view.hand {
        match &view.mancala {
            Some(words) => out.push_str(&format!("{}\n", words.hand_line)),
            None => out.push_str(&format!(
                "In hand: {} red, {} black\n",
                hand.red, hand.black
            )),
        }
    }
    for note in view.notes.iter().cloned().chain(stack_legend(view, lang)) {
        out.push_str(&note);
        out.push('\n');
    }
    out.push_str(caption);
    out
}
