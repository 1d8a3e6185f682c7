//! The Discord adapter offline: command definitions against Discord's
//! documented limits, interaction payloads shaped like Discord's examples
//! (tests/fixtures/discord/) deserialised into serenity's model types and
//! translated into core requests, replies into message builders (checked
//! as the JSON that would be sent), autocomplete and button ownership, on a
//! real sled store in a temporary directory.

#![cfg(feature = "discord")]

use cairn::platform::discord::{
    action_rows, autocomplete_response, autocomplete_values, button_check, button_steps,
    channel_link, command_definitions, command_steps, custom_id, disabled_rows, edit_builder,
    ephemeral_response, followup_builder, message_parts, not_for_you, parse_custom_id,
    parse_shards, ping_builder, print_commands, request_from_command, ButtonCheck, Shards, Step,
    PLATFORM,
};
use cairn::platform::discord::{fit_to_permissions, response_builder, Allowed, LIMITS};
use cairn_bot::{
    Action, Bot, BotConfig, ChannelKey, Command, Input, Opponent, Reply, Request, User, COMMANDS,
};
use cairn_rules::GameKind;
use cairn_store::Store;
use serde_json::Value;
use serenity::all::{CommandInteraction, ComponentInteraction, Interaction};

/// The bot's own Discord id in the fixtures (their application id).
const BOT_ID: &str = "775799577604522054";
const MASON: &str = "53908232506183680";
const DUCKY: &str = "82198898841029460";
const CHANNEL: &str = "645027906669510667";

struct Setup {
    bot: Bot,
    _dir: tempfile::TempDir,
}

fn config() -> BotConfig {
    BotConfig {
        bot_user: User::new(BOT_ID, "Cairn"),
        ai_seed: Some(5),
        ai_deadline: std::time::Duration::from_millis(100),
        images: true,
        ..BotConfig::default()
    }
}

fn setup() -> Setup {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(dir.path().join("db")).expect("open store");
    Setup {
        bot: Bot::new(store, config()),
        _dir: dir,
    }
}

fn fixture(name: &str) -> Value {
    let path = format!(
        "{}/tests/fixtures/discord/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn interaction(value: Value) -> Interaction {
    serde_json::from_value(value).unwrap_or_else(|e| panic!("not an interaction: {e}"))
}

fn command(value: Value) -> CommandInteraction {
    match interaction(value) {
        Interaction::Command(c) => c,
        other => panic!("not a slash command: {:?}", other.kind()),
    }
}

fn autocomplete(value: Value) -> CommandInteraction {
    match interaction(value) {
        Interaction::Autocomplete(c) => c,
        other => panic!("not an autocomplete: {:?}", other.kind()),
    }
}

fn component(value: Value) -> ComponentInteraction {
    match interaction(value) {
        Interaction::Component(c) => c,
        other => panic!("not a component: {:?}", other.kind()),
    }
}

fn json<T: serde::Serialize>(builder: &T) -> Value {
    serde_json::to_value(builder).expect("serialises")
}

/// A request as the console or a test would send it.
fn say(bot: &Bot, who: (&str, &str), command: &str, mentions: Vec<User>) -> Vec<Reply> {
    bot.handle(&Request {
        platform: PLATFORM.into(),
        channel: CHANNEL.into(),
        user: User::new(who.0, who.1),
        command: command.into(),
        mentions,
        ..Default::default()
    })
}

// ---------------------------------------------------------------------------
// Command definitions against Discord's limits.

fn valid_name(name: &str) -> bool {
    let count = name.chars().count();
    (1..=32).contains(&count)
        && name
            .chars()
            .all(|c| c == '-' || c == '_' || c.is_alphanumeric())
        && name.to_lowercase() == name
}

fn valid_description(text: &str) -> bool {
    (1..=100).contains(&text.chars().count())
}

/// The characters Discord counts toward a command's size: names,
/// descriptions, choice names and values, recursively.
fn counted_chars(value: &Value) -> usize {
    let text = |key: &str| {
        value
            .get(key)
            .and_then(Value::as_str)
            .map_or(0, |s| s.chars().count())
    };
    let mut total = text("name") + text("description");
    if let Some(choices) = value.get("choices").and_then(Value::as_array) {
        for choice in choices {
            total += choice["name"].as_str().map_or(0, |s| s.chars().count());
            total += match &choice["value"] {
                Value::String(s) => s.chars().count(),
                other => other.to_string().len(),
            };
        }
    }
    if let Some(options) = value.get("options").and_then(Value::as_array) {
        total += options.iter().map(counted_chars).sum::<usize>();
    }
    total
}

fn check_option(command: &str, option: &Value) {
    let name = option["name"].as_str().unwrap_or_default();
    assert!(valid_name(name), "/{command} option name {name:?}");
    let description = option["description"].as_str().unwrap_or_default();
    assert!(
        valid_description(description),
        "/{command} {name}: description {description:?}"
    );
    let choices = option["choices"].as_array().cloned().unwrap_or_default();
    assert!(
        choices.len() <= 25,
        "/{command} {name}: {} choices",
        choices.len()
    );
    if option["autocomplete"].as_bool() == Some(true) {
        assert!(
            choices.is_empty(),
            "/{command} {name}: autocomplete with choices"
        );
        assert_eq!(
            option["type"], 3,
            "/{command} {name}: autocomplete on a non-string"
        );
    }
    for choice in &choices {
        let label = choice["name"].as_str().unwrap_or_default();
        assert!(
            valid_description(label),
            "/{command} {name}: choice name {label:?}"
        );
        if let Some(value) = choice["value"].as_str() {
            assert!(
                (1..=100).contains(&value.chars().count()),
                "choice value {value:?}"
            );
        }
    }
    let sub = option["options"].as_array().cloned().unwrap_or_default();
    assert!(sub.len() <= 25);
    for o in &sub {
        check_option(command, o);
    }
}

/// The definitions as a user in `locale` sees them: each name,
/// description and choice name replaced by its localization (which must be
/// there for every description and choice, and for names unless the
/// English name stays).
fn as_seen_in(value: &Value, locale: &str) -> Value {
    let mut seen = value.clone();
    match &mut seen {
        Value::Array(items) => {
            for item in items.iter_mut() {
                *item = as_seen_in(item, locale);
            }
        }
        Value::Object(map) => {
            for (key, must) in [("name", false), ("description", true)] {
                let local = map
                    .get(&format!("{key}_localizations"))
                    .and_then(|l| l.get(locale))
                    .cloned();
                match local {
                    Some(local) => {
                        map.insert(key.to_string(), local);
                    }
                    None if must && map.contains_key(key) => {
                        panic!("no {locale} {key} for {:?}", map.get("name"))
                    }
                    None => {}
                }
            }
            for key in ["options", "choices"] {
                if let Some(inner) = map.get(key).cloned() {
                    map.insert(key.to_string(), as_seen_in(&inner, locale));
                }
            }
            if map.contains_key("value") && !map.contains_key("name_localizations") {
                panic!("choice {:?} has no localized names", map.get("name"));
            }
        }
        _ => {}
    }
    seen
}

#[test]
fn localized_definitions_respect_discords_limits_in_every_locale() {
    let english = json(&command_definitions());
    let mut localized_names = 0;
    for locale in ["ja", "es-ES", "es-419"] {
        let seen = as_seen_in(&english, locale);
        check_definitions(&seen);
        // Localized, not English copied: most descriptions differ.
        let differ = english
            .as_array()
            .unwrap()
            .iter()
            .zip(seen.as_array().unwrap())
            .filter(|(e, l)| e["description"] != l["description"])
            .count();
        assert!(
            differ >= 15,
            "{locale}: only {differ} descriptions translated"
        );
        localized_names += english
            .as_array()
            .unwrap()
            .iter()
            .zip(seen.as_array().unwrap())
            .filter(|(e, l)| e["name"] != l["name"])
            .count();
        // Only Discord's locale keys.
        for command in english.as_array().unwrap() {
            for (key, _) in command["description_localizations"].as_object().unwrap() {
                assert!(["ja", "es-ES", "es-419"].contains(&key.as_str()), "{key}");
            }
        }
    }
    assert!(
        localized_names >= 30,
        "{localized_names} localized command names"
    );
}

#[test]
fn command_definitions_respect_discords_limits() {
    let commands = json(&command_definitions());
    check_definitions(&commands);
    // Every core command is a slash command.
    let names: Vec<&str> = commands
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    for spec in COMMANDS {
        assert!(names.contains(&spec.name), "/{} is missing", spec.name);
    }
}

fn check_definitions(commands: &Value) {
    let commands = commands.as_array().expect("a list");
    assert!(commands.len() <= 100, "at most 100 global commands");
    let mut names = Vec::new();
    for command in commands {
        let name = command["name"].as_str().expect("name");
        assert!(valid_name(name), "command name {name:?}");
        assert!(!names.contains(&name), "duplicate /{name}");
        names.push(name);
        let description = command["description"].as_str().expect("description");
        assert!(
            valid_description(description),
            "/{name}: description {description:?}"
        );
        let options = command["options"].as_array().cloned().unwrap_or_default();
        assert!(options.len() <= 25, "/{name}: {} options", options.len());
        let mut optional_seen = false;
        let mut option_names = Vec::new();
        for option in &options {
            check_option(name, option);
            let required = option["required"].as_bool().unwrap_or(false);
            assert!(
                !(required && optional_seen),
                "/{name}: a required option after an optional one"
            );
            optional_seen |= !required;
            let option_name = option["name"].as_str().unwrap_or_default();
            assert!(
                !option_names.contains(&option_name),
                "/{name}: duplicate option {option_name}"
            );
            option_names.push(option_name);
        }
        let counted = counted_chars(command);
        assert!(counted <= 4000, "/{name}: {counted} counted characters");
        let size = serde_json::to_string(command).expect("json").len();
        assert!(size < 8000, "/{name}: {size} characters of JSON");
    }
    // Every core command is a slash command (under its own or its
    // localized name).
    assert_eq!(names.len(), COMMANDS.len());
}

#[test]
fn typed_options_of_challenge_and_move() {
    let commands = json(&command_definitions());
    let find = |name: &str| {
        commands
            .as_array()
            .and_then(|c| c.iter().find(|c| c["name"] == name))
            .cloned()
            .unwrap_or_else(|| panic!("/{name}"))
    };
    let challenge = find("challenge");
    let options = challenge["options"].as_array().unwrap();
    let by_name = |n: &str| {
        options
            .iter()
            .find(|o| o["name"] == n)
            .unwrap_or_else(|| panic!("{n}"))
    };
    let game = by_name("game");
    assert_eq!(game["required"], true);
    let values: Vec<&str> = game["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(values, GameKind::ALL.map(|k| k.name()));
    assert_eq!(by_name("opponent")["type"], 6, "a user option");
    assert_eq!(by_name("options")["autocomplete"], true);
    let sides: Vec<&str> = by_name("as")["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(sides, ["white", "black", "random"]);
    let level = by_name("level");
    assert_eq!(
        (
            level["type"].as_u64(),
            level["min_value"].as_u64(),
            level["max_value"].as_u64()
        ),
        (Some(4), Some(1), Some(5))
    );
    let turn = &find("move")["options"][0];
    assert_eq!(
        (
            turn["name"].as_str(),
            turn["autocomplete"].as_bool(),
            turn["required"].as_bool()
        ),
        (Some("turn"), Some(true), Some(true))
    );
    assert_eq!(find("rules")["options"][0]["required"], false);
    // More commands than Discord's 25 choices: suggested as typed.
    let topic = &find("help")["options"][0];
    assert!(COMMANDS.len() > 25);
    assert_eq!(topic["autocomplete"].as_bool(), Some(true));
    assert!(topic["choices"].as_array().is_none_or(Vec::is_empty));
}

#[test]
fn printed_registration_is_the_definitions() {
    let printed: Value = serde_json::from_str(&print_commands().unwrap()).unwrap();
    assert_eq!(printed, json(&command_definitions()));
}

#[test]
fn the_binary_prints_the_registration_without_connecting() {
    // No DISCORD_TOKEN: `cairn discord --print-commands` needs no account.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["discord", "--print-commands"])
        .env_remove("DISCORD_TOKEN")
        .output()
        .expect("running cairn discord --print-commands");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(printed, json(&command_definitions()));
}

#[test]
fn shard_settings() {
    assert_eq!(parse_shards(None), Ok(Shards::Auto));
    assert_eq!(parse_shards(Some(" AUTO ")), Ok(Shards::Auto));
    assert_eq!(parse_shards(Some("4")), Ok(Shards::Total(4)));
    assert_eq!(
        parse_shards(Some("0-1/4")),
        Ok(Shards::Range {
            first: 0,
            last: 1,
            total: 4
        })
    );
    assert_eq!(
        parse_shards(Some("3/4")),
        Ok(Shards::Range {
            first: 3,
            last: 3,
            total: 4
        })
    );
    for bad in ["0", "x", "2-1/4", "0-4/4", "1-/4", "-1", "0-1/0"] {
        assert!(parse_shards(Some(bad)).is_err(), "{bad}");
    }
}

// ---------------------------------------------------------------------------
// Interactions into requests.

#[test]
fn slash_challenge_becomes_a_core_request() {
    let request = request_from_command(&command(fixture("slash_challenge")), &config()).unwrap();
    assert_eq!(request.platform, "discord");
    assert_eq!(request.channel, CHANNEL);
    assert_eq!(
        request.user,
        User::new(MASON, "Mase"),
        "the server nickname is the name"
    );
    // Typed: the user Discord resolved is the opponent, nothing to re-read.
    let Input::Command(Command::Challenge(args)) = &request.command else {
        panic!("not a typed challenge: {:?}", request.command);
    };
    assert_eq!(args.opponent, Opponent::User(User::new(DUCKY, "Ducky")));
    assert_eq!(
        request.command,
        "challenge callanish @Ducky size=7 shape=square as=black"
    );
    assert_eq!(request.mentions, [User::new(DUCKY, "Ducky")]);
}

#[test]
fn challenging_the_bot_and_other_bots() {
    let mut value = fixture("slash_challenge");
    // Pick Cairn itself as the opponent.
    value["data"]["options"][1]["value"] = BOT_ID.into();
    value["data"]["resolved"]["users"] = serde_json::json!({
        BOT_ID: { "id": BOT_ID, "username": "cairn", "global_name": null, "avatar": null,
                  "discriminator": "0", "public_flags": 0, "bot": true }
    });
    value["data"]["resolved"]["members"] = serde_json::json!({});
    value["data"]["options"][2]["value"] = "size=5".into();
    value["data"]["options"][3]["value"] = "white".into();
    value["data"]["options"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({ "type": 4, "name": "level", "value": 1 }));
    let request = request_from_command(&command(value.clone()), &config()).unwrap();
    let Input::Command(Command::Challenge(args)) = &request.command else {
        panic!("not a typed challenge: {:?}", request.command);
    };
    assert_eq!(args.opponent, Opponent::Bot);
    assert_eq!(
        request.command,
        "challenge callanish bot size=5 as=white level=1"
    );
    assert_eq!(request.mentions, [config().bot_user]);
    // The core starts a game against the bot at once.
    let s = setup();
    let replies = s.bot.handle(&request);
    assert!(!replies[0].ephemeral, "{:?}", replies[0].text);
    assert!(replies[0].text.contains("level 1"), "{}", replies[0].text);
    let record = s
        .bot
        .store()
        .load(&Store::channel_key(PLATFORM, CHANNEL))
        .unwrap()
        .unwrap();
    assert!(record
        .game
        .unwrap()
        .players
        .iter()
        .any(|p| p.is_bot && p.id == BOT_ID));
    // Another bot cannot play.
    value["data"]["resolved"]["users"][BOT_ID]["id"] = "111111111111111111".into();
    value["data"]["options"][1]["value"] = "111111111111111111".into();
    let users = value["data"]["resolved"]["users"].as_object_mut().unwrap();
    let other = users.remove(BOT_ID).unwrap();
    users.insert("111111111111111111".into(), other);
    let refused = request_from_command(&command(value), &config()).unwrap_err();
    assert!(refused.contains("is a bot"), "{refused}");
}

#[test]
fn slash_move_and_simple_commands() {
    let request = request_from_command(&command(fixture("slash_move")), &config()).unwrap();
    assert_eq!(request.command, "move B2 a4 d1");
    assert_eq!(
        request.user,
        User::new(MASON, "Mason"),
        "no nickname: the global name"
    );
    assert!(request.mentions.is_empty());
    let mut value = fixture("slash_move");
    for (name, options, expected) in [
        ("board", serde_json::json!([]), "board"),
        ("moves", serde_json::json!([]), "moves"),
        ("resign", serde_json::json!([]), "resign"),
        ("games", serde_json::json!([]), "games"),
        ("rules", serde_json::json!([]), "rules"),
        (
            "rules",
            serde_json::json!([{ "type": 3, "name": "game", "value": "sight" }]),
            "rules sight",
        ),
        (
            "help",
            serde_json::json!([{ "type": 3, "name": "command", "value": "move" }]),
            "help move",
        ),
    ] {
        value["data"]["name"] = name.into();
        value["data"]["options"] = options;
        let request = request_from_command(&command(value.clone()), &config()).unwrap();
        assert_eq!(request.command, expected);
    }
    value["data"]["name"] = "nonsense".into();
    assert!(request_from_command(&command(value), &config()).is_err());
}

// ---------------------------------------------------------------------------
// Replies into message builders.

fn board_reply() -> Reply {
    Reply {
        text: "Mase (White) played d4. Ducky (Black) to move.".into(),
        title: Some("Callanish 7 x 7: Mase (White) vs Ducky (Black)".into()),
        image: Some(board_png()),
        mentions: vec![User::new(DUCKY, "Ducky")],
        to_move: Some(DUCKY.to_string()),
        ..Reply::default()
    }
}

#[test]
fn board_reply_is_an_embed_with_the_attachment_and_exact_mentions() {
    let reply = board_reply();
    let followup = json(&followup_builder(&reply));
    let edit = json(&edit_builder(&reply));
    for body in [&followup, &edit] {
        assert_eq!(
            body["allowed_mentions"]["parse"],
            serde_json::json!([]),
            "never everyone or roles"
        );
        assert!(body["allowed_mentions"]
            .get("roles")
            .is_none_or(|r| r == &serde_json::json!([])));
        let embed = &body["embeds"][0];
        assert_eq!(
            embed["title"],
            "Callanish 7 x 7: Mase (White) vs Ducky (Black)"
        );
        assert_eq!(embed["description"], reply.text);
        assert_eq!(embed["image"]["url"], "attachment://board.png");
        assert_eq!(body["attachments"][0]["filename"], "board.png");
        assert!(body
            .get("flags")
            .is_none_or(|f| f.as_u64().unwrap_or(0) & 64 == 0));
    }
    // A new message pings exactly the player to move.
    assert_eq!(followup["content"], format!("<@{DUCKY}>, your turn."));
    assert_eq!(
        followup["allowed_mentions"]["users"],
        serde_json::json!([DUCKY])
    );
    // An edit notifies nobody, so it mentions nobody.
    assert_eq!(edit["content"], "");
    assert_eq!(edit["allowed_mentions"]["users"], serde_json::json!([]));
}

#[test]
fn without_files_or_embeds_the_board_is_text_and_the_missing_permission_is_named() {
    let reply = Reply {
        board_text: Some("a b c\n1 . .".into()),
        ..board_reply()
    };
    assert_eq!(
        fit_to_permissions(&reply, Allowed::ALL),
        reply,
        "all allowed: unchanged"
    );
    let none = Allowed {
        embeds: false,
        files: false,
    };
    let fitted = fit_to_permissions(&reply, none);
    assert!(fitted.image.is_none() && fitted.title.is_none());
    assert!(
        fitted.text.contains("```\na b c\n1 . .\n```"),
        "{}",
        fitted.text
    );
    assert!(
        fitted
            .text
            .ends_with("I lack the Attach Files and Embed Links permissions in this channel.)"),
        "{}",
        fitted.text
    );
    let body = json(&followup_builder(&fitted));
    assert!(
        body["embeds"].as_array().is_none_or(Vec::is_empty),
        "{body}"
    );
    assert!(
        body["attachments"].as_array().is_none_or(Vec::is_empty),
        "{body}"
    );
    // Attach Files alone missing: named alone.
    let fitted = fit_to_permissions(
        &reply,
        Allowed {
            embeds: true,
            files: false,
        },
    );
    assert!(fitted
        .text
        .ends_with("I lack the Attach Files permission in this channel.)"));
    // A reply without a board is never changed.
    let plain = Reply::text("Mase resigns.");
    assert_eq!(fit_to_permissions(&plain, none), plain);
}

#[test]
fn a_reply_ready_at_once_is_the_response_itself() {
    let body = json(&response_builder(&Reply::error("It is not your turn.")));
    assert_eq!(body["type"], 4, "a message, not a deferral");
    assert_eq!(body["data"]["flags"].as_u64().map(|f| f & 64), Some(64));
    assert_eq!(body["data"]["content"], "It is not your turn.");
    let body = json(&response_builder(&board_reply()));
    assert_eq!(
        body["data"]["flags"].as_u64().unwrap_or(0) & 64,
        0,
        "public"
    );
    assert_eq!(body["data"]["content"], format!("<@{DUCKY}>, your turn."));
    assert_eq!(
        body["data"]["embeds"][0]["image"]["url"],
        "attachment://board.png"
    );
}

#[test]
fn a_public_first_reply_edits_the_deferral_then_pings() {
    let bot_move = Reply {
        text: "Cairn (Black) played e5.".into(),
        ..board_reply()
    };
    let steps = command_steps(&[board_reply(), bot_move]);
    assert_eq!(steps.len(), 3, "{steps:?}");
    let Step::Edit { edit, fallback } = &steps[0] else {
        panic!("the deferral is edited first")
    };
    // Should the edit fail, the same reply goes as a follow-up (which pings).
    let fallback = json(fallback.as_ref().expect("a fallback for the edit"));
    assert_eq!(fallback["content"], format!("<@{DUCKY}>, your turn."));
    assert_eq!(
        json(edit)["embeds"][0]["image"]["url"],
        "attachment://board.png"
    );
    let Step::Ping(ping) = &steps[1] else {
        panic!("then the ping")
    };
    let ping = json(ping);
    assert_eq!(ping["content"], format!("<@{DUCKY}>, your turn."));
    assert_eq!(
        ping["allowed_mentions"]["users"],
        serde_json::json!([DUCKY])
    );
    assert_eq!(ping["allowed_mentions"]["parse"], serde_json::json!([]));
    assert!(
        ping["embeds"].as_array().is_none_or(Vec::is_empty),
        "the ping is one line"
    );
    let Step::Followup(extra) = &steps[2] else {
        panic!("the bot's move follows")
    };
    assert_eq!(
        json(extra)["embeds"][0]["description"],
        "Cairn (Black) played e5."
    );
    // Nobody to ping: just the edit.
    let quiet = Reply {
        mentions: Vec::new(),
        ..board_reply()
    };
    assert!(matches!(
        command_steps(&[quiet]).as_slice(),
        [Step::Edit { .. }]
    ));
}

#[test]
fn an_ephemeral_first_reply_replaces_the_deferral() {
    let steps = command_steps(&[Reply::error("It is not your turn.")]);
    assert_eq!(steps.len(), 3, "{steps:?}");
    let Step::Edit {
        edit: placeholder, ..
    } = &steps[0]
    else {
        panic!("the deferral is resolved first")
    };
    assert_eq!(
        json(placeholder)["allowed_mentions"]["users"],
        serde_json::json!([])
    );
    let Step::Followup(error) = &steps[1] else {
        panic!("then the error")
    };
    let error = json(error);
    assert_eq!(error["flags"].as_u64().map(|f| f & 64), Some(64));
    assert_eq!(error["content"], "It is not your turn.");
    assert!(matches!(steps[2], Step::DeleteOriginal));
    assert!(matches!(
        command_steps(&[]).as_slice(),
        [Step::DeleteOriginal]
    ));
}

#[test]
fn errors_are_ephemeral_and_mention_nobody() {
    let reply = Reply::error("It is Ducky (Black)'s turn, not yours. @everyone");
    let body = json(&followup_builder(&reply));
    assert_eq!(body["flags"].as_u64().map(|f| f & 64), Some(64), "{body}");
    assert_eq!(body["content"], reply.text);
    assert_eq!(body["allowed_mentions"]["parse"], serde_json::json!([]));
    assert_eq!(body["allowed_mentions"]["users"], serde_json::json!([]));
    assert!(body["embeds"].as_array().is_none_or(Vec::is_empty));
    let not_for_you = "This challenge is not for you.";
    let immediate = json(&ephemeral_response(not_for_you));
    assert_eq!(immediate["type"], 4);
    assert_eq!(immediate["data"]["flags"], 64);
    assert_eq!(immediate["data"]["content"], not_for_you);
}

#[test]
fn challenge_reply_carries_accept_and_decline_buttons() {
    let s = setup();
    let request = request_from_command(&command(fixture("slash_challenge")), &config()).unwrap();
    let replies = s.bot.handle(&request);
    assert_eq!(replies.len(), 1);
    let reply = &replies[0];
    assert!(!reply.ephemeral, "{}", reply.text);
    let body = json(&edit_builder(reply));
    assert_eq!(body["allowed_mentions"]["users"], serde_json::json!([]));
    assert!(
        body["content"]
            .as_str()
            .unwrap()
            .starts_with("Mase challenges Ducky"),
        "{body}"
    );
    // The ping that follows the edit points at the buttons.
    let ping = json(&ping_builder(reply).unwrap());
    assert_eq!(
        ping["allowed_mentions"]["users"],
        serde_json::json!([DUCKY])
    );
    assert!(
        ping["content"]
            .as_str()
            .unwrap()
            .starts_with(&format!("<@{DUCKY}>: ")),
        "{ping}"
    );
    let buttons = body["components"][0]["components"].as_array().unwrap();
    let ids: Vec<&str> = buttons
        .iter()
        .map(|b| b["custom_id"].as_str().unwrap())
        .collect();
    assert_eq!(
        ids,
        [
            format!("cairn:{DUCKY}:accept"),
            format!("cairn:{DUCKY}:decline")
        ]
    );
    assert_eq!(buttons[0]["label"], "Accept");
    assert_eq!(
        buttons[0]["style"], 3,
        "accept is the primary (green) choice"
    );
    for id in ids {
        assert_eq!(parse_custom_id(id).unwrap().0.as_deref(), Some(DUCKY));
    }
}

#[test]
fn channel_keys_become_channel_links() {
    let discord = ChannelKey::from_key("discord:645027906669510667");
    assert_eq!(channel_link(&discord), "<#645027906669510667>");
    let matrix = ChannelKey::from_key("matrix:!room:example.org");
    assert_eq!(channel_link(&matrix), "!room:example.org");
    let mut reply = Reply::default();
    reply.text.push_str("- Sight in ");
    reply.push_channel(discord);
    reply.text.push_str(": x\n- Floaters in ");
    reply.push_channel(matrix);
    assert_eq!(
        reply.text_with_channels(channel_link),
        "- Sight in <#645027906669510667>: x\n- Floaters in !room:example.org"
    );
    // Through the core: `games` lists the channel as a link.
    let s = setup();
    let request = request_from_command(&command(fixture("slash_challenge")), &config()).unwrap();
    s.bot.handle(&request);
    say(&s.bot, (DUCKY, "Ducky"), "accept", Vec::new());
    let replies = say(&s.bot, (MASON, "Mase"), "games", Vec::new());
    let body = json(&followup_builder(&replies[0]));
    assert!(
        body["content"]
            .as_str()
            .unwrap()
            .contains(&format!("<#{CHANNEL}>")),
        "{body}"
    );
}

#[test]
fn custom_ids_round_trip_within_limits() {
    let action = Action {
        label: "Accept".into(),
        command: "accept".into(),
        for_user: Some(DUCKY.into()),
        primary: true,
    };
    assert_eq!(
        parse_custom_id(&custom_id(&action)),
        Some((Some(DUCKY.to_string()), "accept".to_string()))
    );
    let open = Action {
        for_user: None,
        command: "move a:b".into(),
        ..action.clone()
    };
    assert_eq!(
        parse_custom_id(&custom_id(&open)),
        Some((None, "move a:b".to_string()))
    );
    let long = Action {
        command: "x".repeat(300),
        ..action
    };
    assert!(custom_id(&long).chars().count() <= 100);
    assert_eq!(parse_custom_id("other:1:accept"), None);
    assert_eq!(parse_custom_id("cairn:1:"), None);
    assert!(action_rows(&[]).is_empty());
}

// ---------------------------------------------------------------------------
// Buttons.

#[test]
fn only_the_challenged_user_may_press_the_buttons() {
    let s = setup();
    // Mase challenges Ducky.
    let request = request_from_command(&command(fixture("slash_challenge")), &config()).unwrap();
    s.bot.handle(&request);
    // Someone else presses Accept.
    let mut value = fixture("button_accept");
    value["member"]["user"]["id"] = MASON.into();
    assert_eq!(
        button_check(&component(value.clone())),
        ButtonCheck::NotForYou
    );
    // Told so in their own language.
    value["locale"] = "en-US".into();
    assert_eq!(
        not_for_you(&component(value.clone())),
        "This challenge is not for you."
    );
    value["locale"] = "ja".into();
    assert_eq!(
        not_for_you(&component(value)),
        "この挑戦はあなた宛てではありません。"
    );
    // A button that is not Cairn's.
    let mut value = fixture("button_accept");
    value["data"]["custom_id"] = "click_one".into();
    assert_eq!(button_check(&component(value)), ButtonCheck::Unknown);
    // Ducky presses Accept: the game starts.
    let press = component(fixture("button_accept"));
    let ButtonCheck::Act(request) = button_check(&press) else {
        panic!("Ducky may accept")
    };
    assert_eq!(request.command, "accept");
    assert_eq!(request.user, User::new(DUCKY, "Ducky"));
    assert_eq!(request.channel, CHANNEL);
    let replies = s.bot.handle(&request);
    assert!(!replies[0].ephemeral, "{}", replies[0].text);
    assert!(replies[0].image.is_some(), "the board is attached");
    // Mase plays black (as=black), so Ducky (White), who accepted, is to
    // move: Mase, who waits for this news, is pinged, Ducky is not.
    // The game's first card: the ping on a line of its own above it.
    let card = cairn::platform::discord::card_of(&replies[0], true).expect("a card");
    let body = json(&card.body);
    assert_eq!(body["components"][0]["content"], format!("<@{MASON}>"));
    assert_eq!(
        body["allowed_mentions"]["users"],
        serde_json::json!([MASON])
    );
    // The challenge message's buttons, disabled, then the replies.
    let steps = button_steps(&replies, &press.message);
    assert!(matches!(
        steps.as_slice(),
        [Step::Edit { .. }, Step::Card(_), ..]
    ));
    assert_eq!(steps.len(), 1 + replies.len());
    let rows = json(&disabled_rows(&press.message));
    let buttons = rows[0]["components"].as_array().unwrap();
    assert_eq!(buttons.len(), 2);
    assert!(buttons.iter().all(|b| b["disabled"] == true), "{rows}");
    assert_eq!(buttons[0]["custom_id"], format!("cairn:{DUCKY}:accept"));
}

// ---------------------------------------------------------------------------
// Autocomplete.

/// Start a game of `kind` between Mase (first) and Ducky in the fixtures'
/// channel and play `turns`.
fn start(bot: &Bot, kind: GameKind, options: &str, turns: &[&str]) {
    let replies = say(
        bot,
        (MASON, "Mase"),
        &format!("challenge {} <@{DUCKY}> {options}", kind.name()),
        vec![User::new(DUCKY, "Ducky")],
    );
    assert!(!replies[0].ephemeral, "{}", replies[0].text);
    let replies = say(bot, (DUCKY, "Ducky"), "accept", Vec::new());
    assert!(!replies[0].ephemeral, "{}", replies[0].text);
    let players = [(MASON, "Mase"), (DUCKY, "Ducky")];
    for turn in turns {
        let key = Store::channel_key(PLATFORM, CHANNEL);
        let record = bot.store().load(&key).unwrap().unwrap().game.unwrap();
        let mover = record.player(record.game.to_move()).id.clone();
        let who = players.iter().find(|p| p.0 == mover).copied().unwrap();
        let replies = say(bot, who, &format!("move {turn}"), Vec::new());
        assert!(!replies[0].ephemeral, "{turn}: {}", replies[0].text);
    }
}

fn mover(bot: &Bot) -> (String, cairn_rules::AnyGame) {
    let record = bot
        .store()
        .load(&Store::channel_key(PLATFORM, CHANNEL))
        .unwrap()
        .unwrap()
        .game
        .unwrap();
    (record.player(record.game.to_move()).id.clone(), record.game)
}

/// The autocomplete fixture from `user` with `typed` in the turn option.
fn turn_query(user: &str, typed: &str) -> CommandInteraction {
    let mut value = fixture("autocomplete_move");
    value["member"]["user"]["id"] = user.into();
    value["data"]["options"][0]["value"] = typed.into();
    autocomplete(value)
}

/// The parts of a turn: its squares and words.
fn parts(turn: &str) -> Vec<&str> {
    turn.split(|c: char| !c.is_ascii_alphanumeric() || c == 'x')
        .filter(|p| !p.is_empty())
        .collect()
}

/// `step` is the beginning of `turn`: the same first part, then parts of
/// the turn (Callanish additions may come in either order).
fn begins(step: &str, turn: &str) -> bool {
    let (s, t) = (parts(step), parts(turn));
    !s.is_empty() && s.len() < t.len() && s[0] == t[0] && s[1..].iter().all(|p| t[1..].contains(p))
}

fn check_choices(game: &cairn_rules::AnyGame, typed: &str, values: &[String]) {
    assert!(values.len() <= LIMITS.choices, "{} choices", values.len());
    let legal = game.legal_strings();
    let squeeze = |s: &str| {
        s.to_lowercase()
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
    };
    for value in values {
        assert!(
            !value.is_empty() && value.chars().count() <= LIMITS.length,
            "{value:?}"
        );
        // A whole legal turn, or the beginning of one.
        assert!(
            legal.contains(value) || legal.iter().any(|t| begins(value, t)),
            "{value} is not legal here"
        );
        if !typed.is_empty() && !typed.contains(' ') {
            assert!(
                squeeze(value).starts_with(&squeeze(typed))
                    || squeeze(typed).len() > squeeze(value).len(),
                "{value} does not match {typed}"
            );
        }
    }
    let response = json(&autocomplete_response(values));
    assert_eq!(response["type"], 8);
    assert_eq!(
        response["data"]["choices"].as_array().unwrap().len(),
        values.len()
    );
}

#[test]
fn autocomplete_offers_legal_turns_of_several_games() {
    for (kind, options, turns, typed) in [
        (
            GameKind::Callanish,
            "size=9",
            vec!["e5", "d4"],
            vec!["", "e", "e5", "e5 f"],
        ),
        (GameKind::Alquerque, "", vec![], vec!["", "b2", "c2"]),
        (GameKind::Fanorona, "", vec![], vec!["", "d2", "e2-"]),
        (GameKind::Sight, "", vec!["c3"], vec!["", "c"]),
        (GameKind::Collapse, "", vec![], vec!["", "a1"]),
        (GameKind::Alquad, "", vec![], vec!["", "w:c3"]),
    ] {
        let s = setup();
        start(&s.bot, kind, options, &turns);
        let (to_move, game) = mover(&s.bot);
        for typed in typed {
            let values = autocomplete_values(&s.bot, &turn_query(&to_move, typed));
            assert!(!values.is_empty(), "{kind} {typed:?}: no choices");
            check_choices(&game, typed, &values);
        }
        // Someone not to move gets nothing.
        let other = if to_move == MASON { DUCKY } else { MASON };
        assert!(
            autocomplete_values(&s.bot, &turn_query(other, "")).is_empty(),
            "{kind}"
        );
    }
}

#[test]
fn autocomplete_for_floaters_goes_pit_then_laps() {
    let s = setup();
    // Seeded whole turns mix the colours in the pits.
    start(&s.bot, GameKind::Floaters, "", &[]);
    let mut rng = cairn_rules::SplitRng::new(11);
    for _ in 0..8 {
        let (who, game) = mover(&s.bot);
        let turn = cairn_rules::with_game!(&game, g => cairn_rules::Game::random_turn(g, &mut rng).map(|t| t.to_string())).unwrap();
        let name = if who == MASON { "Mase" } else { "Ducky" };
        let replies = say(&s.bot, (&who, name), &format!("move {turn}"), Vec::new());
        assert!(!replies[0].ephemeral, "{turn}: {}", replies[0].text);
    }
    let (to_move, game) = mover(&s.bot);
    let pits = autocomplete_values(&s.bot, &turn_query(&to_move, ""));
    assert!(!pits.is_empty() && pits.len() <= LIMITS.choices);
    assert!(
        pits[0].len() == 1 && pits[0].chars().all(|c| c.is_ascii_digit()),
        "{pits:?}"
    );
    for pit in pits.iter().filter(|p| p.len() == 1) {
        for typed in [pit.clone(), format!("{pit} ")] {
            let values = autocomplete_values(&s.bot, &turn_query(&to_move, &typed));
            assert!(
                !values.is_empty() && values.len() <= LIMITS.choices,
                "{typed:?}"
            );
            for value in &values {
                assert!(
                    value.starts_with(pit.as_str()) && value.len() <= LIMITS.length,
                    "{value}"
                );
                // Every choice is a playable (whole or partial) turn.
                assert!(game.clone().play_str(value).is_ok(), "{value}");
            }
        }
    }
    // Play a partial turn: the completions are then the next lap's strings.
    let partial = pits
        .iter()
        .filter(|p| p.len() == 1)
        .find(|p| {
            let mut after = game.clone();
            after.play_str(p).is_ok()
                && after.to_move() == game.to_move()
                && after.outcome().is_none()
        })
        .cloned();
    if let Some(pit) = partial {
        let name = if to_move == MASON { "Mase" } else { "Ducky" };
        let replies = say(&s.bot, (&to_move, name), &format!("move {pit}"), Vec::new());
        assert!(!replies[0].ephemeral, "{}", replies[0].text);
        let (_, waiting) = mover(&s.bot);
        let laps = autocomplete_values(&s.bot, &turn_query(&to_move, ""));
        assert!(!laps.is_empty());
        for lap in &laps {
            assert!(
                lap.chars().all(|c| c == 'r' || c == 'b' || c == ' '),
                "{lap}"
            );
            assert!(waiting.clone().play_str(lap).is_ok(), "{lap}");
        }
    }
}

#[test]
fn autocomplete_of_options_follows_the_chosen_game() {
    let s = setup();
    let query = autocomplete(fixture("autocomplete_options"));
    let values = autocomplete_values(&s.bot, &query);
    assert_eq!(
        values,
        ["size=11", "size=13", "size=15", "size=17", "size=19"]
    );
    let mut value = fixture("autocomplete_options");
    value["data"]["options"][0]["value"] = "sight".into();
    assert!(
        autocomplete_values(&s.bot, &autocomplete(value)).is_empty(),
        "Sight has no options"
    );
    let mut value = fixture("autocomplete_options");
    value["data"]["options"][0]["value"] = "fanorona".into();
    value["data"]["options"][3]["value"] = "b".into();
    assert_eq!(
        autocomplete_values(&s.bot, &autocomplete(value)),
        ["board=tsivy", "board=dimy"]
    );
    // No game in the channel: no turns to offer.
    assert!(autocomplete_values(&s.bot, &turn_query(MASON, "")).is_empty());
}

#[test]
fn a_whole_game_against_the_bot_maps_every_reply() {
    let s = setup();
    let mut value = fixture("slash_challenge");
    value["data"]["options"][1]["value"] = BOT_ID.into();
    value["data"]["resolved"]["users"] = serde_json::json!({
        BOT_ID: { "id": BOT_ID, "username": "cairn", "global_name": null, "avatar": null,
                  "discriminator": "0", "public_flags": 0, "bot": true }
    });
    value["data"]["resolved"]["members"] = serde_json::json!({});
    value["data"]["options"][2]["value"] = "size=5".into();
    value["data"]["options"][3]["value"] = "black".into();
    let request = request_from_command(&command(value), &config()).unwrap();
    // Mase plays Black: the bot (White) opens, as an extra reply.
    let replies = s.bot.handle(&request);
    assert!(
        replies.len() >= 2,
        "the bot's opening is a follow-up: {replies:?}"
    );
    for reply in &replies {
        let parts = message_parts(reply, true);
        assert!(!parts.ephemeral);
        let body = json(&followup_builder(reply));
        // The bot never pings itself.
        assert!(!body["allowed_mentions"]["users"]
            .as_array()
            .unwrap()
            .iter()
            .any(|u| u == BOT_ID));
    }
    let last = json(&followup_builder(replies.last().unwrap()));
    assert_eq!(
        last["allowed_mentions"]["users"],
        serde_json::json!([MASON])
    );
    // Autocomplete for Mase now offers legal turns; play the first one.
    let values = autocomplete_values(&s.bot, &turn_query(MASON, ""));
    assert!(!values.is_empty());
    let (_, game) = mover(&s.bot);
    let whole = values
        .iter()
        .find(|v| game.legal_strings().contains(v))
        .cloned()
        .unwrap_or_else(|| {
            // Only steps offered: follow the first step to whole turns.
            autocomplete_values(&s.bot, &turn_query(MASON, &values[0]))
                .into_iter()
                .find(|v| game.legal_strings().contains(v))
                .unwrap()
        });
    let mut value = fixture("slash_move");
    value["data"]["options"][0]["value"] = whole.clone().into();
    let request = request_from_command(&command(value), &config()).unwrap();
    let replies = s.bot.handle(&request);
    assert!(!replies[0].ephemeral, "{whole}: {}", replies[0].text);
    assert!(replies[0].text.contains(&whole), "{}", replies[0].text);
}

/// `/resign` asks first, privately, with a Resign button that only the
/// resigning player may press; pressing it confirms (issue 19).
#[test]
fn resign_asks_with_a_button_only_the_resigner_may_press() {
    let s = setup();
    start(&s.bot, GameKind::Sight, "", &[]);
    let replies = say(&s.bot, (MASON, "Mase"), "resign", Vec::new());
    assert_eq!(replies.len(), 1);
    assert!(replies[0].ephemeral, "{}", replies[0].text);
    assert!(
        replies[0].text.contains("cannot be undone"),
        "{}",
        replies[0].text
    );
    let rows = json(&action_rows(&replies[0].actions));
    let button = &rows[0]["components"][0];
    assert_eq!(button["custom_id"], format!("cairn:{MASON}:resign"));
    assert_eq!(button["label"], "Resign");
    // The game goes on until the button is pressed.
    let key = Store::channel_key(PLATFORM, CHANNEL);
    let game = s.bot.store().load(&key).unwrap().unwrap().game.unwrap();
    assert!(game.in_progress());
    let mut value = fixture("button_accept");
    value["data"]["custom_id"] = format!("cairn:{MASON}:resign").into();
    assert_eq!(
        button_check(&component(value.clone())),
        ButtonCheck::NotForYou
    );
    value["member"]["user"]["id"] = MASON.into();
    value["member"]["user"]["username"] = "Mase".into();
    let ButtonCheck::Act(request) = button_check(&component(value)) else {
        panic!("Mase may press it")
    };
    assert_eq!(request.command, "resign");
    let replies = s.bot.handle(&request);
    assert!(!replies[0].ephemeral, "{}", replies[0].text);
    assert!(replies[0].text.contains("resigns"), "{}", replies[0].text);
}

/// A real board image (a small empty board).
fn board_png() -> cairn_render::Png {
    let view =
        cairn_rules::BoardView::new("Sight", cairn_rules::Layout::Points { files: 5, ranks: 5 });
    cairn_render::render_png(&view, &cairn_render::RenderOptions::default()).expect("a board")
}

/// Where the bot may post on its own: in its DMs and in servers that
/// installed it; only answer in group DMs and in servers where a player
/// installed it.
#[test]
fn what_the_bot_may_do_comes_from_the_interactions_context_and_installs() {
    use cairn::platform::discord::capabilities_of;
    let server = fixture("slash_challenge");
    let at = |context: Option<u64>, owners: Value| {
        let mut value = server.clone();
        value["context"] = context.map_or(Value::Null, Value::from);
        value["authorizing_integration_owners"] = owners;
        let c = command(value);
        capabilities_of(c.context, &c.authorizing_integration_owners)
    };
    let guild = server["guild_id"].clone();
    let installed = at(Some(0), serde_json::json!({ "0": guild }));
    assert!(!installed.answer_only && installed.threads);
    assert!(installed.public_place, "a server's channel is public");
    let by_a_player = at(Some(0), serde_json::json!({ "1": "53908232506183680" }));
    assert!(by_a_player.answer_only && !by_a_player.threads);
    assert!(!by_a_player.public_place, "a user install is not");
    let group_dm = at(Some(2), serde_json::json!({ "1": "53908232506183680" }));
    assert!(group_dm.answer_only && !group_dm.public_place);
    let bot_dm = at(Some(1), serde_json::json!({ "1": "53908232506183680" }));
    assert!(!bot_dm.answer_only && !bot_dm.public_place);
    let unknown = at(None, serde_json::json!({}));
    assert!(!unknown.public_place, "without a context, not public");
}

/// Never more than 5 replies (so at most 5 follow-ups): the rest are
/// joined into the fifth, the last board kept, nothing private shown to
/// all.
#[test]
fn replies_beyond_five_are_joined_into_the_fifth() {
    use cairn::platform::discord::within_followup_limit;
    let mut replies: Vec<Reply> = (1..=7).map(|n| Reply::text(format!("reply {n}"))).collect();
    replies[5].ephemeral = true;
    replies[6].mentions = vec![User::new("1", "bob")];
    let fitted = within_followup_limit(replies);
    assert_eq!(fitted.len(), 5);
    assert_eq!(fitted[4].text, "reply 5\n\nreply 7");
    assert!(!fitted[4].ephemeral);
    assert_eq!(fitted[4].mentions, vec![User::new("1", "bob")]);
    assert!(fitted.iter().all(|r| !r.text.contains("reply 6")));
    let few: Vec<Reply> = (1..=5).map(|n| Reply::text(format!("{n}"))).collect();
    assert_eq!(within_followup_limit(few.clone()), few);
}
