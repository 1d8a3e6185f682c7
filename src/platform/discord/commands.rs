//! Slash commands: their definitions, the translation of an invocation (or
//! a button press) into a core [`Request`], and autocomplete values.

use serenity::all::{
    AutocompleteChoice, CommandInteraction, CommandOptionType, ComponentInteraction,
    CreateAutocompleteResponse, CreateCommand, CreateCommandOption, CreateInteractionResponse,
    PartialMember, Permissions, ResolvedValue, Unresolved,
};

use super::{clip, BUTTON_PREFIX, CUSTOM_ID_LIMIT, PLATFORM};
use cairn_bot::complete::{complete_options, complete_turn, MAX_CHOICES, MAX_LEN};
use cairn_bot::{Action, Bot, BotConfig, Lang, Request, User, COMMANDS};
use cairn_rules::GameKind;

/// "Play your turn" from "play your turn".
fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

fn description_of(command: &str) -> String {
    let text = COMMANDS
        .iter()
        .find(|(name, _, _)| *name == command)
        .map(|(_, _, description)| *description)
        .unwrap_or(command);
    // Descriptions are plain text: drop the Markdown code marks.
    clip(&sentence_case(&text.replace('`', "")), 100)
}

fn game_option(name: &str, description: &str, required: bool) -> CreateCommandOption {
    GameKind::ALL.iter().fold(
        CreateCommandOption::new(CommandOptionType::String, name, description).required(required),
        |option, kind| option.add_string_choice(kind.title(), kind.name()),
    )
}

/// Every slash command, one per core command, with typed options.
pub fn command_definitions() -> Vec<CreateCommand> {
    let mut commands = Vec::new();
    for (name, _, _) in COMMANDS {
        let command = CreateCommand::new(*name).description(description_of(name));
        let command = match *name {
            "challenge" => command
                .add_option(game_option("game", "The game to play", true))
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::User,
                        "opponent",
                        "Whom to challenge; pick Cairn itself to play against the bot",
                    )
                    .required(true),
                )
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "options",
                        "The game's options as key=value words, e.g. size=7 (suggested as you type)",
                    )
                    .set_autocomplete(true)
                    .max_length(200),
                )
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "as",
                        "Your side (default: the side that moves first)",
                    )
                    .add_string_choice("White (Red in Floaters)", "white")
                    .add_string_choice("Black", "black")
                    .add_string_choice("Random", "random"),
                )
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "clock",
                        "Time per move (3d), a bank plus a gain per move (7d+1d), or none",
                    )
                    .max_length(40),
                )
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::Integer,
                        "level",
                        "The bot's strength from 1 (easy) to 5 (strong), when you challenge the bot",
                    )
                    .min_int_value(1)
                    .max_int_value(5),
                ),
            "move" => command.add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "turn",
                    "Your turn, e.g. b2 a4 d1 (legal turns are suggested as you type)",
                )
                .required(true)
                .set_autocomplete(true)
                .max_length(400),
            ),
            "notify" => command.add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "mode",
                    "How turn reminders reach you (leave it out to see the current choice)",
                )
                .add_string_choice("A mention in the game's channel", "on")
                .add_string_choice("By direct message", "dm")
                .add_string_choice("No reminders", "off"),
            ),
            "settings" => command.add_option(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "threads",
                    "Move each accepted game into a thread of its own (leave it out to see the settings)",
                )
                .add_string_choice("On: a thread per game", "on")
                .add_string_choice("Off: games stay in the channel", "off"),
            ),
            "rules" => command.add_option(game_option(
                "game",
                "The game (leave it out for the list of games)",
                false,
            )),
            "rating" => command
                .add_option(CreateCommandOption::new(
                    CommandOptionType::User,
                    "player",
                    "Whose ratings (leave it out for yours)",
                ))
                .add_option(game_option(
                    "game",
                    "One game (leave it out for every game)",
                    false,
                )),
            "leaderboard" => command
                .add_option(game_option("game", "The game", true))
                .add_option(
                    CreateCommandOption::new(
                        CommandOptionType::String,
                        "scope",
                        "This server (the default) or everyone the bot plays with",
                    )
                    .add_string_choice("This server", "here")
                    .add_string_choice("Everywhere", "all"),
                ),
            "help" => command.add_option(COMMANDS.iter().fold(
                CreateCommandOption::new(
                    CommandOptionType::String,
                    "command",
                    "A command to explain (leave it out for the list)",
                ),
                |option, (name, _, _)| option.add_string_choice(*name, *name),
            )),
            _ => command,
        };
        commands.push(command);
    }
    commands
}

/// The registration JSON of every command (what is sent to Discord).
pub fn print_commands() -> anyhow::Result<String> {
    Ok(serde_json::to_string_pretty(&command_definitions())?)
}

/// Which shards this process runs (`DISCORD_SHARDS`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends, all in this process.
    Auto,
    /// This many shards, all in this process.
    Total(u32),
    /// Shards `first..=last` of `total` (the rest run elsewhere).
    Range { first: u32, last: u32, total: u32 },
}

/// Read `auto` (or nothing), a total (`4`) or a range of a total (`0-1/4`,
/// or `2/4` for one shard).
pub fn parse_shards(text: Option<&str>) -> Result<Shards, String> {
    let text = text.map(str::trim).unwrap_or("");
    let number = |s: &str| {
        s.trim().parse::<u32>().map_err(|_| {
            format!("DISCORD_SHARDS: `{s}` is not a shard number (write auto, 4, or 0-1/4)")
        })
    };
    if text.is_empty() || text.eq_ignore_ascii_case("auto") {
        return Ok(Shards::Auto);
    }
    match text.split_once('/') {
        None => match number(text)? {
            0 => Err("DISCORD_SHARDS: the number of shards must be at least 1".into()),
            total => Ok(Shards::Total(total)),
        },
        Some((range, total)) => {
            let total = number(total)?;
            let (first, last) = match range.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => {
                    let one = number(range)?;
                    (one, one)
                }
            };
            if first > last || last >= total {
                return Err(format!(
                    "DISCORD_SHARDS: shards {first}-{last} are not a range within 0-{} of {total}",
                    total.saturating_sub(1)
                ));
            }
            Ok(Shards::Range { first, last, total })
        }
    }
}

/// The name to show for a user: their server nickname, else their display
/// name.
fn display_name(user: &serenity::all::User, nick: Option<&str>) -> String {
    nick.filter(|n| !n.trim().is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| user.display_name().to_string())
}

fn member_nick(member: Option<&PartialMember>) -> Option<&str> {
    member.and_then(|m| m.nick.as_deref())
}

/// The user who sent a slash command.
pub fn interaction_user(interaction: &CommandInteraction) -> User {
    let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
    User::new(
        interaction.user.id.to_string(),
        display_name(&interaction.user, nick),
    )
}

/// A word that is safe inside the command text (no spaces).
fn one_word(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("")
}

/// Translate a slash command into a core request. `Err` is a message for
/// the user (ephemeral), e.g. when they challenge another bot.
pub fn request_from_command(
    interaction: &CommandInteraction,
    config: &BotConfig,
) -> Result<Request, String> {
    let name = interaction.data.name.as_str();
    if !COMMANDS.iter().any(|(command, _, _)| *command == name) {
        return Err(format!("I don't know the command `/{name}`."));
    }
    let mut words = vec![name.to_string()];
    let mut mentions = Vec::new();
    let options = interaction.data.options();
    let text = |key: &str| {
        options.iter().find_map(|o| match o.value {
            ResolvedValue::String(s) if o.name == key => Some(s.trim().to_string()),
            _ => None,
        })
    };
    match name {
        "challenge" => {
            let game = text("game").ok_or("Which game? Choose one in the `game` option.")?;
            words.push(one_word(&game));
            let opponent = options
                .iter()
                .find(|o| o.name == "opponent")
                .map(|o| &o.value);
            let user = match opponent {
                Some(ResolvedValue::User(user, member)) => {
                    if user.id.to_string() == config.bot_user.id {
                        config.bot_user.clone()
                    } else if user.bot {
                        return Err(format!(
                            "{} is a bot and cannot play. Challenge a person, or me (pick {} as the opponent).",
                            display_name(user, member_nick(*member)),
                            config.bot_user.name
                        ));
                    } else {
                        User::new(
                            user.id.to_string(),
                            display_name(user, member_nick(*member)),
                        )
                    }
                }
                Some(ResolvedValue::Unresolved(Unresolved::User(id))) => {
                    if id.to_string() == config.bot_user.id {
                        config.bot_user.clone()
                    } else {
                        User::new(id.to_string(), id.to_string())
                    }
                }
                _ => {
                    return Err(
                        "Whom do you challenge? Choose someone in the `opponent` option.".into(),
                    )
                }
            };
            words.push(format!("<@{}>", one_word(&user.id)));
            mentions.push(user);
            if let Some(extra) = text("options") {
                words.extend(extra.split_whitespace().map(str::to_string));
            }
            if let Some(side) = text("as") {
                words.push(format!("as={}", one_word(&side)));
            }
            if let Some(clock) = text("clock") {
                words.push(format!("clock={}", one_word(&clock)));
            }
            let level = options.iter().find_map(|o| match o.value {
                ResolvedValue::Integer(n) if o.name == "level" => Some(n),
                _ => None,
            });
            if let Some(level) = level {
                words.push(format!("level={level}"));
            }
        }
        "move" => {
            let turn = text("turn").unwrap_or_default();
            words.push(turn);
        }
        "rules" => words.extend(text("game")),
        "rating" => {
            let player = options.iter().find_map(|o| match &o.value {
                ResolvedValue::User(user, member) if o.name == "player" => Some(User::new(
                    user.id.to_string(),
                    display_name(user, member_nick(*member)),
                )),
                ResolvedValue::Unresolved(Unresolved::User(id)) if o.name == "player" => {
                    Some(User::new(id.to_string(), id.to_string()))
                }
                _ => None,
            });
            if let Some(player) = player {
                words.push(format!("@{}", one_word(&player.name)));
                mentions.push(player);
            }
            words.extend(text("game"));
        }
        "leaderboard" => {
            words.extend(text("game"));
            words.extend(text("scope"));
        }
        "notify" => words.extend(text("mode")),
        "settings" => words.extend(text("threads").map(|v| format!("threads={}", one_word(&v)))),
        "help" => words.extend(text("command")),
        _ => {}
    }
    Ok(Request {
        platform: PLATFORM.to_string(),
        channel: interaction.channel_id.to_string(),
        user: interaction_user(interaction),
        command: words.join(" ").trim().to_string(),
        mentions,
        server: interaction.guild_id.map(|g| g.to_string()),
        server_admin: may_manage(interaction.member.as_ref().and_then(|m| m.permissions)),
        user_lang: Lang::parse(&interaction.locale),
        place_lang: interaction.guild_locale.as_deref().and_then(Lang::parse),
    })
}

/// Whether a member's permissions in the channel let them change the
/// server's settings (Manage Server, or Administrator).
fn may_manage(permissions: Option<Permissions>) -> bool {
    permissions.is_some_and(|p| p.manage_guild() || p.administrator())
}

/// The choices for an autocomplete interaction: legal turns for `/move`,
/// `key=value` options of the chosen game for `/challenge`.
pub fn autocomplete_values(bot: &Bot, interaction: &CommandInteraction) -> Vec<String> {
    let Some(focused) = interaction.data.autocomplete() else {
        return Vec::new();
    };
    let mut values = match (interaction.data.name.as_str(), focused.name) {
        ("move", "turn") => complete_turn(
            bot,
            PLATFORM,
            &interaction.channel_id.to_string(),
            &interaction.user.id.to_string(),
            focused.value,
        ),
        ("challenge", "options") => {
            let game = interaction
                .data
                .options()
                .iter()
                .find_map(|o| match o.value {
                    ResolvedValue::String(s) if o.name == "game" => GameKind::parse(s),
                    _ => None,
                });
            match game {
                Some(kind) => complete_options(kind, focused.value),
                None => Vec::new(),
            }
        }
        _ => Vec::new(),
    };
    values.retain(|v| !v.is_empty() && v.chars().count() <= MAX_LEN);
    values.truncate(MAX_CHOICES);
    values
}

/// The autocomplete answer for these values (name = value).
pub fn autocomplete_response(values: &[String]) -> CreateInteractionResponse {
    let choices = values
        .iter()
        .map(|v| AutocompleteChoice::new(v.clone(), v.clone()))
        .collect();
    CreateInteractionResponse::Autocomplete(CreateAutocompleteResponse::new().set_choices(choices))
}

/// A button's custom id: `cairn:<user id or ->:<command>`.
pub fn custom_id(action: &Action) -> String {
    let user = action
        .for_user
        .as_deref()
        .map(one_word)
        .unwrap_or_else(|| "-".into());
    let id = format!("{BUTTON_PREFIX}:{user}:{}", action.command);
    clip(&id, CUSTOM_ID_LIMIT)
}

/// Read a custom id: (the user it is for, the command).
pub fn parse_custom_id(id: &str) -> Option<(Option<String>, String)> {
    let mut parts = id.splitn(3, ':');
    if parts.next()? != BUTTON_PREFIX {
        return None;
    }
    let user = parts.next()?;
    let command = parts.next()?.trim();
    if command.is_empty() {
        return None;
    }
    let user = (user != "-").then(|| user.to_string());
    Some((user, command.to_string()))
}

/// What a button press means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ButtonCheck {
    /// Run this request (the presser may act).
    Act(Request),
    /// The button belongs to someone else.
    NotForYou,
    /// Not one of Cairn's buttons.
    Unknown,
}

/// The answer to someone pressing a button that is not theirs.
pub const NOT_FOR_YOU: &str = "This challenge is not for you.";

/// Decide a button press: only the action's `for_user` may act.
pub fn button_check(interaction: &ComponentInteraction) -> ButtonCheck {
    let Some((for_user, command)) = parse_custom_id(&interaction.data.custom_id) else {
        return ButtonCheck::Unknown;
    };
    let presser = interaction.user.id.to_string();
    if for_user.is_some_and(|u| u != presser) {
        return ButtonCheck::NotForYou;
    }
    let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
    ButtonCheck::Act(Request {
        platform: PLATFORM.to_string(),
        channel: interaction.channel_id.to_string(),
        user: User::new(presser, display_name(&interaction.user, nick)),
        command,
        mentions: Vec::new(),
        server: interaction.guild_id.map(|g| g.to_string()),
        server_admin: may_manage(interaction.member.as_ref().and_then(|m| m.permissions)),
        user_lang: Lang::parse(&interaction.locale),
        place_lang: interaction.guild_locale.as_deref().and_then(Lang::parse),
    })
}
