//! Play by tapping: a whole game of every title through the game cards'
//! buttons and the picker's select menus only (no typed turn), a press on
//! a card the game has moved past, and a picker step gone stale.

use super::*;

/// One channel per title.
const CARD_CHANNELS: [&str; 7] = [
    "645027906669510720",
    "645027906669510721",
    "645027906669510722",
    "645027906669510723",
    "645027906669510724",
    "645027906669510725",
    "645027906669510726",
];
/// Turns a game may take before the test gives up on it.
const MAX_TURNS: usize = 400;

/// The player to move, from the card's text ("alice (White) to move").
fn mover(card: &Msg) -> Option<(&'static str, &'static str)> {
    let text = card.text();
    let line = text.lines().find(|l| l.contains(" to move"))?;
    let at = line.find(" to move")?;
    let before = &line[..at];
    [ALICE, BOB]
        .into_iter()
        .filter_map(|who| before.rfind(&format!("{} (", who.1)).map(|i| (i, who)))
        .max_by_key(|(i, _)| *i)
        .map(|(_, who)| who)
}

fn is_over(card: &Msg) -> bool {
    card.text().contains(" wins") || card.text().contains("Draw")
}

/// Play one turn from `card` by the picker: press Move, then choose the
/// first option until the turn is played; the new card.
async fn one_turn(fake: &Fake, p: &mut Payloads, channel: &str, card: &Msg) -> Msg {
    let who = mover(card).unwrap_or_else(|| panic!("nobody to move on {card:?}"));
    let token = fake.interact(p.press(channel, who, card, "Move"));
    let mut picker = settled(fake, &token, 1).await.messages()[0].clone();
    for _ in 0..40 {
        assert!(
            picker.ephemeral && picker.card_board(),
            "a private picker: {picker:?}"
        );
        let token = fake.interact(p.choose(channel, who, &picker, "1"));
        let shown = settled(fake, &token, 1).await.messages()[0].clone();
        if !shown.ephemeral {
            return shown;
        }
        assert!(
            shown.interactive().iter().any(|c| c["type"] == 3),
            "the next step, or the turn played: {shown:?}"
        );
        picker = shown;
    }
    panic!("a turn of more than 40 steps on {channel}");
}

pub async fn every_title_by_cards_only(fake: &Fake, p: &mut Payloads) {
    let before = fake.with(|s| s.cards);
    let mut summary = Vec::new();
    for (kind, channel) in cairn_rules::GameKind::ALL.into_iter().zip(CARD_CHANNELS) {
        let game = kind.name().to_ascii_lowercase();
        let started = start_game(fake, p, channel, ALICE, BOB, &game).await;
        let mut card = started
            .messages()
            .into_iter()
            .find(|m| m.card_board())
            .cloned()
            .unwrap_or_else(|| panic!("{game}: the first card: {:?}", started.messages()));
        let mut turns = 0;
        while !is_over(&card) {
            assert!(turns < MAX_TURNS, "{game} ended within {MAX_TURNS} turns");
            let next = one_turn(fake, p, channel, &card).await;
            if turns == 0 {
                a_superseded_card(fake, p, channel, &card).await;
            }
            card = next;
            turns += 1;
        }
        assert!(card.interactive().iter().any(|b| b["label"] == "Rematch"));
        summary.push(format!("{game} {turns}"));
    }
    a_stale_picker_step(fake, p).await;
    let (cards, violations, largest) =
        fake.with(|s| (s.cards - before, s.card_violations.clone(), s.largest_card));
    assert!(
        violations.is_empty(),
        "cards past Discord's limits: {violations:?}"
    );
    println!(
        "discord wire: every title by cards and menus only ({}): {cards} Components V2 messages, the largest body {largest} bytes",
        summary.join(", ")
    );
}

/// A press on the card of an earlier turn: a private sentence, nothing
/// else.
async fn a_superseded_card(fake: &Fake, p: &mut Payloads, channel: &str, old: &Msg) {
    let who = mover(old).expect("a player to move");
    let token = fake.interact(p.press(channel, who, old, "Resign"));
    settled(fake, &token, 1).await;
    // Nothing else follows it.
    let exchange = quiet(fake, &token).await;
    let messages = exchange.messages();
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert!(
        messages[0].ephemeral && messages[0].text().contains("earlier turn"),
        "{:?}",
        messages[0]
    );
    assert!(messages[0].text().contains(&format!("<#{channel}>")));
}

/// A list of steps shown before the position changed: its choice is
/// refused with a sentence.
async fn a_stale_picker_step(fake: &Fake, p: &mut Payloads) {
    let channel = CARD_CHANNELS[0];
    let game = cairn_rules::GameKind::ALL[0].name().to_ascii_lowercase();
    let started = start_game(fake, p, channel, ALICE, BOB, &game).await;
    let card = started
        .messages()
        .into_iter()
        .find(|m| m.card_board())
        .cloned()
        .expect("the first card");
    let first = mover(&card).expect("a player to move");
    let token = fake.interact(p.press(channel, first, &card, "Move"));
    let old_picker = settled(fake, &token, 1).await.messages()[0].clone();
    // The turn is played by typed moves meanwhile, and comes back.
    let second = if first == ALICE { BOB } else { ALICE };
    for who in [first, second] {
        let turn = next_turn_in(fake, p, channel, who).await;
        let token = fake.interact(p.mv(channel, who, &turn));
        settled(fake, &token, 1).await;
    }
    let token = fake.interact(p.choose(channel, first, &old_picker, "1"));
    let refused = settled(fake, &token, 1).await.messages()[0].clone();
    assert!(
        refused.ephemeral && refused.text().contains("position has changed"),
        "{refused:?}"
    );
}
