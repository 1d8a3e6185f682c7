//! A tournament (#39) on the wire: created, joined and started by slash
//! commands in a channel; its game starts by itself in a new thread of
//! that channel (both players pinged there), a resignation there ends it,
//! and the standings are posted in the tournament's channel. Every body
//! is checked against the spec like all the others.

use super::*;

fn action(name: &str) -> Value {
    json!([{ "type": 3, "name": "action", "value": name }])
}

pub async fn a_round_robin_in_threads(fake: &Fake, p: &mut Payloads) {
    let create = json!([
        { "type": 3, "name": "action", "value": "create" },
        { "type": 3, "name": "game", "value": "sight" }
    ]);
    let token = fake.interact(p.slash(THREADED, ALICE, "tournament", create));
    let made = settled(fake, &token, 1).await;
    assert!(
        made.messages()[0].content.contains("tournament #1"),
        "{:?}",
        made.messages()
    );
    for who in [ALICE, BOB, CAROL] {
        let token = fake.interact(p.slash(THREADED, who, "tournament", action("join")));
        let joined = settled(fake, &token, 1).await;
        assert!(!joined.messages()[0].ephemeral, "{:?}", joined.messages());
    }
    let threads_before = fake.with(|s| s.threads.len());
    let token = fake.interact(p.slash(THREADED, ALICE, "tournament", action("start")));
    let started = settled(fake, &token, 1).await;
    assert!(
        started.messages()[0]
            .content
            .contains("Round 1 of tournament #1"),
        "{:?}",
        started.messages()
    );
    // Three players: carol (first) meets bob, alice sits the round out.
    let (parent, thread, name) = fake
        .wait_for("the tournament game's thread", |s| {
            s.threads.get(threads_before).cloned()
        })
        .await;
    assert_eq!(parent, THREADED);
    assert_eq!(name, "Sight: carol vs bob");
    let opening = fake
        .wait_for("the tournament game's start in its thread", |s| {
            s.posted.get(&thread)?.first().cloned()
        })
        .await;
    assert!(has_board(&opening), "{opening:?}");
    let mut pinged = opening.pings.clone();
    pinged.sort();
    let mut players = vec![BOB.0.to_string(), CAROL.0.to_string()];
    players.sort();
    assert_eq!(pinged, players, "both players join the thread");
    p.threads.push((THREADED.to_string(), thread.clone()));
    // Carol resigns (asked, then confirmed) in the thread.
    for _ in 0..2 {
        let token = fake.interact(p.slash(&thread, CAROL, "resign", json!([])));
        settled(fake, &token, 1).await;
    }
    // The standings follow in the tournament's channel (the scheduler
    // looks at games moved into threads every 30 s).
    let standings = fake
        .wait_for("the standings in the tournament's channel", |s| {
            s.posted
                .get(THREADED)?
                .iter()
                .find(|m| m.content.contains("Sonneborn-Berger"))
                .cloned()
        })
        .await;
    assert!(
        standings.content.contains("1. bob: 1"),
        "{}",
        standings.content
    );
    // Round 2 starts by itself in a thread of its own.
    fake.wait_for("round 2's thread", |s| {
        s.threads.get(threads_before + 1).cloned()
    })
    .await;
}
