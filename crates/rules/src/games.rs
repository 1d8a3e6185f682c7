//! The one list of the games.
//!
//! Everything that names every game derives from the list in [`__games!`]:
//! the game modules (`lib.rs`), [`GameKind`](crate::GameKind) and
//! [`GameKind::ALL`](crate::GameKind::ALL) with each game's name and title
//! (`kind.rs`), [`AnyGame`](crate::AnyGame) and the dispatch macros
//! `with_kind!` and [`with_game!`](crate::with_game) (`any.rs`),
//! [`Refusal`](crate::Refusal) (`turn.rs`) and the catalogue files of each
//! language (`locales.rs`). A game added to the rules adds one line here.

/// The list of the games, in the order of [`GameKind::ALL`](crate::GameKind::ALL):
/// each game's module, its type (which also names its variant of
/// `GameKind`, `AnyGame` and `Refusal`; its lower-case module name is the
/// game's name, its type name its title) and the type of its reasons for
/// refusing a turn (with a `message()`).
///
/// `__games!([callback] [arguments])` calls `callback! { [arguments]
/// module::{Game, Refusal}, ... }`: each use of the list is a macro that
/// matches `[$($args:tt)*] $($module:ident::{$Game:ident, $Refusal:ident}),*`.
#[doc(hidden)]
#[macro_export]
macro_rules! __games {
    ([$($callback:tt)*] $($args:tt)*) => {
        $($callback)*! {
            $($args)*
            callanish::{Callanish, CallanishRefusal},
            alquerque::{Alquerque, AlquerqueRefusal},
            fanorona::{Fanorona, FanoronaRefusal},
            alquad::{Alquad, AlquadRefusal},
            sight::{Sight, SightRefusal},
            collapse::{Collapse, CollapseRefusal},
            floaters::{Floaters, FloatersRefusal},
        }
    };
}
