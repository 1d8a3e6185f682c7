//! The picker (a turn chosen step by step, `AnyGame::pick`) over random
//! games of every game and variant: from every position reached, walking
//! the picker reaches every legal turn and nothing else, every menu's
//! labels are distinct, and the steps of a whole turn, written one after
//! another, read as that turn. Floaters, whose turns are too many to list,
//! is walked at random (each walk ends in a legal turn) and every turn
//! `random_turn` samples is reached by its notation.
//!
//! `cargo test -p cairn-rules --test picker -- --ignored --nocapture`
//! prints the most steps any turn needs and the largest menu, per game.

use std::collections::BTreeSet;

use cairn_rules::{locales, written, AnyGame, GameKind, Lang, Options, Pick, Picker, SplitRng};
use cairn_words::take_slips;

/// What the walks saw.
#[derive(Clone, Copy, Debug, Default)]
struct Figures {
    /// The most steps of a whole turn, forced ones included.
    steps: usize,
    /// The most choices a whole turn needed (forced steps are not chosen).
    choices: usize,
    /// The most entries of one menu: its steps, and "stop here" when the
    /// turn may end there.
    menu: usize,
    positions: usize,
}

impl Figures {
    fn see(&mut self, pick: &Pick, choices: usize) {
        let menu =
            pick.options.len() + usize::from(pick.whole.is_some() && !pick.options.is_empty());
        self.menu = self.menu.max(menu);
        if pick.whole.is_some() {
            self.steps = self.steps.max(pick.path.len());
            self.choices = self.choices.max(choices);
        }
    }

    fn merge(&mut self, other: Figures) {
        self.steps = self.steps.max(other.steps);
        self.choices = self.choices.max(other.choices);
        self.menu = self.menu.max(other.menu);
        self.positions += other.positions;
    }
}

/// The menu's labels are distinct, and a whole turn is legal and written
/// by its steps.
fn check_menu(game: &AnyGame, pick: &Pick) {
    let labels: BTreeSet<&str> = pick.options.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(labels.len(), pick.options.len(), "labels repeat: {pick:?}");
    assert!(
        !pick.options.is_empty() || pick.whole.is_some(),
        "a dead end: {pick:?}"
    );
    assert!(
        pick.options.len() != 1 || pick.whole.is_some(),
        "a forced step offered as a choice: {pick:?}"
    );
    for step in pick.options.iter().chain(&pick.path) {
        let Some(note) = &step.note else { continue };
        for lang in Lang::ALL {
            assert!(!locales::word(lang, note).trim().is_empty());
            let slips = take_slips();
            assert!(slips.is_empty(), "{lang} {note:?}: {slips:?}");
        }
    }
    if let Some(whole) = &pick.whole {
        assert_eq!(
            game.canonical(whole).as_deref(),
            Ok(whole.as_str()),
            "{game:?}"
        );
        assert_eq!(
            game.canonical(&pick.written()).as_deref(),
            Ok(whole.as_str()),
            "the steps {} do not write {whole}",
            pick.written()
        );
    }
}

/// Every path of the picker from `choices` on: the whole turns reached.
fn walk_all(
    game: &AnyGame,
    picker: &Picker,
    choices: &mut Vec<String>,
    reached: &mut BTreeSet<String>,
    figures: &mut Figures,
) {
    let pick = picker
        .pick(choices)
        .unwrap_or_else(|e| panic!("{choices:?}: {e} in {game:?}"));
    assert_eq!(
        game.pick(choices).as_ref(),
        Ok(&pick),
        "AnyGame::pick differs"
    );
    check_menu(game, &pick);
    figures.see(&pick, choices.len());
    if let Some(whole) = &pick.whole {
        reached.insert(whole.clone());
    }
    for step in &pick.options {
        choices.push(step.label.clone());
        walk_all(game, picker, choices, reached, figures);
        choices.pop();
    }
}

/// Choices that lead to the turn written `target`, found through the
/// written steps (backtracking where one label is a prefix of another).
fn choices_for(game: &AnyGame, target: &str, choices: &mut Vec<String>) -> bool {
    let Ok(pick) = game.pick(choices) else {
        return false;
    };
    if pick.whole.as_deref() == Some(target) && pick.written() == target {
        return true;
    }
    let so_far = pick.written();
    for step in &pick.options {
        let joint = if pick.path.is_empty() { "" } else { step.joint };
        let next = format!("{so_far}{joint}{}", step.label);
        if target.starts_with(&next) {
            choices.push(step.label.clone());
            if choices_for(game, target, choices) {
                return true;
            }
            choices.pop();
        }
    }
    false
}

/// One position of a game whose turns can be listed.
fn listed_position(game: &AnyGame, figures: &mut Figures) {
    let picker = game.picker().expect("a picker for a game going on");
    let mut reached = BTreeSet::new();
    walk_all(game, &picker, &mut Vec::new(), &mut reached, figures);
    let legal: BTreeSet<String> = game.legal_strings().into_iter().collect();
    assert_eq!(
        reached, legal,
        "the picker's turns differ from the legal turns: {game:?}"
    );
}

/// One Floaters position: random walks end in legal turns, and sampled
/// turns are reached.
fn sampled_position(game: &AnyGame, rng: &mut SplitRng, figures: &mut Figures) {
    for _ in 0..8 {
        let mut choices = Vec::new();
        loop {
            let pick = game.pick(&choices).expect("a pick");
            check_menu(game, &pick);
            figures.see(&pick, choices.len());
            if pick.options.is_empty() {
                let whole = pick.whole.expect("a whole turn");
                game.clone().play_str(&whole).expect("a legal turn");
                break;
            }
            choices.push(pick.options[rng.below(pick.options.len())].label.clone());
        }
    }
    for _ in 0..4 {
        let Some(turn) = game.random_turn(rng) else {
            break;
        };
        let mut choices = Vec::new();
        assert!(
            choices_for(game, &turn, &mut choices),
            "{turn} not reached in {game:?}"
        );
    }
}

/// Random games of `kind` with `options`, every position checked.
fn survey(kind: GameKind, options: &[&str], games: u64, max_turns: usize) -> Figures {
    let options = Options::parse(options).expect("options");
    let mut figures = Figures::default();
    for seed in 1..=games {
        let mut rng = SplitRng::new(seed * 7919 + kind as u64);
        let mut game = AnyGame::new(kind, &options).expect("a game");
        for _ in 0..max_turns {
            if game.outcome().is_some() {
                assert!(game.pick(&[]).is_err(), "a pick in a finished game");
                break;
            }
            figures.positions += 1;
            if game.picker().is_some() {
                listed_position(&game, &mut figures);
            } else {
                sampled_position(&game, &mut rng, &mut figures);
            }
            let Some(turn) = game.random_turn(&mut rng) else {
                break;
            };
            play_some(&mut game, &turn, &mut rng);
        }
    }
    figures
}

/// Play `turn`, or sometimes only its first laps (a Floaters turn sent
/// in parts), so that mid-turn positions are picked from too.
fn play_some(game: &mut AnyGame, turn: &str, rng: &mut SplitRng) {
    let words: Vec<&str> = turn.split(' ').collect();
    if game.kind() == GameKind::Floaters && words.len() > 2 && rng.below(2) == 0 {
        let part = words[..2].join(" ");
        if game.play_str(&part).is_ok() {
            return;
        }
    }
    game.play_str(turn).expect("a sampled turn");
}

/// Every game and variant, with how many games and turns the test plays.
const SURVEY: &[(GameKind, &[&str], u64, usize)] = &[
    (GameKind::Callanish, &["size=5"], 3, 60),
    (GameKind::Callanish, &["size=7"], 2, 40),
    (GameKind::Callanish, &[], 1, 30),
    (GameKind::Callanish, &["shape=circle"], 1, 30),
    (GameKind::Alquerque, &["rules=bell"], 3, 200),
    (GameKind::Alquerque, &["rules=basic"], 3, 200),
    (GameKind::Fanorona, &["board=tsivy"], 2, 200),
    (GameKind::Fanorona, &["board=dimy"], 3, 200),
    (GameKind::Fanorona, &["board=dimy", "paika=forward"], 2, 200),
    (GameKind::Alquad, &[], 4, 100),
    (GameKind::Sight, &[], 4, 100),
    (GameKind::Collapse, &["setup=ring"], 4, 100),
    (GameKind::Collapse, &["setup=ranks"], 4, 100),
    (GameKind::Floaters, &["first=south"], 2, 60),
    (GameKind::Floaters, &["first=north"], 2, 60),
];

#[test]
fn the_picker_reaches_every_legal_turn_and_nothing_else() {
    for &(kind, options, games, turns) in SURVEY {
        let figures = survey(kind, options, games, turns);
        assert!(figures.positions > 0, "{kind:?} {options:?}");
    }
}

#[test]
fn a_stale_choice_is_refused_with_what_is_offered() {
    let game = AnyGame::new(GameKind::Sight, &Options::default()).expect("a game");
    let error = game.pick(&["f9".to_string()]).expect_err("not offered");
    assert!(error.to_string().contains("a1, a2"), "{error}");
    let pick = game.pick(&["c3".to_string()]).expect("a placement");
    assert!(pick.is_complete());
    assert_eq!(pick.whole.as_deref(), Some("c3"));
    assert_eq!(written(&pick.path), "c3");
}

#[test]
fn an_alquerque_chain_may_stop_or_go_on_under_basic_rules() {
    let options = Options::parse(&["rules=basic"]).expect("options");
    let mut game = AnyGame::new(GameKind::Alquerque, &options).expect("a game");
    // Walk random games until a menu offers both stopping and going on.
    let mut rng = SplitRng::new(5);
    for _ in 0..400 {
        let Some(picker) = game.picker() else { break };
        let mut stack = vec![Vec::<String>::new()];
        while let Some(choices) = stack.pop() {
            let pick = picker.pick(&choices).expect("a pick");
            if pick.whole.is_some() && !pick.options.is_empty() {
                assert!(pick.written().contains('x'), "{pick:?}");
                return;
            }
            for step in &pick.options {
                let mut next = choices.clone();
                next.push(step.label.clone());
                stack.push(next);
            }
        }
        let Some(turn) = game.random_turn(&mut rng) else {
            break;
        };
        game.play_str(&turn).expect("legal");
    }
    panic!("no chain that may stop was met");
}

/// The figures the picker's menus are built for: the most steps any turn
/// needs and the largest menu, per game (more games than the test above).
#[test]
#[ignore = "prints figures; run with --ignored --nocapture"]
fn picker_figures() {
    println!("| game | options | positions | most steps | most choices | largest menu |");
    println!("|---|---|---|---|---|---|");
    for &(kind, options, games, turns) in SURVEY {
        let mut all = Figures::default();
        all.merge(survey(kind, options, games * 4, turns * 2));
        println!(
            "| {} | {} | {} | {} | {} | {} |",
            kind.name(),
            options.join(" "),
            all.positions,
            all.steps,
            all.choices,
            all.menu
        );
    }
}
