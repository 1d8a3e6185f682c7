//! Slash commands: their definitions, the translation of an invocation (or
//! a button press) into a core [`Request`], and autocomplete values.

use serenity::all::{
    AuthorizingIntegrationOwner, AuthorizingIntegrationOwners, AutocompleteChoice,
    CommandInteraction, CommandOptionType, ComponentInteraction, ComponentInteractionDataKind,
    CreateAutocompleteResponse, CreateCommand, CreateCommandOption, CreateInteractionResponse,
    InstallationContext, InteractionContext, PartialMember, Permissions, ResolvedValue, Unresolved,
};

use super::{clip, BUTTON_PREFIX, CUSTOM_ID_LIMIT, PLATFORM};
use cairn_bot::complete::{complete_options_named, complete_turn, Limits};
use cairn_bot::{
    Action, ArgKind, ArgSpec, Args, Bot, BotConfig, Capabilities, CommandSpec, Context, Input,
    Lang, Request, User, COMMANDS,
};

/// "Play your turn" from "play your turn".
fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Discord's locales for each language the bot speaks besides English
/// (the definitions' default). Spanish has two: Spain's and Latin
/// America's.
pub const LOCALES: &[(Lang, &str)] = &[(Lang::Ja, "ja"), (Lang::Es, "es-ES"), (Lang::Es, "es-419")];

/// A description as Discord shows it: plain text (no Markdown code
/// marks), a capital first letter, at most 100 characters.
fn discord_description(text: &str) -> String {
    clip(&sentence_case(&text.replace('`', "")), 100)
}

/// Whether `name` may be a command or option name on Discord: 1 to 32
/// letters, digits, `-` or `_`, lower case where the script has case.
pub fn valid_name(name: &str) -> bool {
    let count = name.chars().count();
    (1..=32).contains(&count)
        && name
            .chars()
            .all(|c| (c.is_alphanumeric() || c == '-' || c == '_') && !c.is_uppercase())
}

/// The localized names where Discord's naming rules allow them (else the
/// English name stays).
fn local_names(name: impl Fn(Lang) -> String) -> Vec<(&'static str, String)> {
    LOCALES
        .iter()
        .map(|(lang, locale)| (*locale, name(*lang)))
        .filter(|(_, local)| valid_name(local))
        .collect()
}

/// One option, from its declaration.
fn option_of(command: &CommandSpec, arg: &ArgSpec) -> CreateCommandOption {
    let kind = match arg.kind {
        ArgKind::User => CommandOptionType::User,
        ArgKind::Integer { .. } => CommandOptionType::Integer,
        _ => CommandOptionType::String,
    };
    let mut option = CreateCommandOption::new(
        kind,
        arg.name,
        discord_description(&arg.description(command, Lang::En)),
    )
    .required(arg.required);
    for (locale, name) in local_names(|lang| arg.local_name(lang)) {
        option = option.name_localized(locale, name);
    }
    for (lang, locale) in LOCALES {
        option = option.description_localized(
            *locale,
            discord_description(&arg.description(command, *lang)),
        );
    }
    if let ArgKind::Integer { min, max } = arg.kind {
        option = option
            .min_int_value(u64::try_from(min).unwrap_or(u64::MIN))
            .max_int_value(u64::try_from(max).unwrap_or(u64::MAX));
    }
    if arg.autocomplete {
        option = option.set_autocomplete(true);
    }
    if let Some(length) = arg.max_length {
        option = option.max_length(length);
    }
    // Discord takes either fixed choices or suggestions, never both.
    if arg.autocomplete {
        return option;
    }
    let localized: Vec<Vec<(String, String)>> = LOCALES
        .iter()
        .map(|(lang, _)| arg.kind.choices(*lang, arg.name))
        .collect();
    for (index, (value, label)) in arg.kind.choices(Lang::En, arg.name).into_iter().enumerate() {
        let names: Vec<(&str, String)> = LOCALES
            .iter()
            .zip(&localized)
            .filter_map(|((_, locale), choices)| {
                choices
                    .get(index)
                    .map(|(_, label)| (*locale, clip(label, 100)))
            })
            .collect();
        option = option.add_string_choice_localized(clip(&label, 100), value, names);
    }
    option
}

/// One slash command, from its declaration.
pub fn definition(spec: &CommandSpec) -> CreateCommand {
    let mut command =
        CreateCommand::new(spec.name).description(discord_description(&spec.description(Lang::En)));
    for (locale, name) in local_names(|lang| spec.local_name(lang)) {
        command = command.name_localized(locale, name);
    }
    for (lang, locale) in LOCALES {
        command =
            command.description_localized(*locale, discord_description(&spec.description(*lang)));
    }
    spec.args.iter().fold(command, |command, arg| {
        command.add_option(option_of(spec, arg))
    })
}

/// Every slash command, one per core command, with typed options; usable
/// where a server installed the app and where a player did (their DMs,
/// group DMs, servers without the bot).
pub fn command_definitions() -> Vec<CreateCommand> {
    COMMANDS
        .iter()
        .map(|spec| {
            definition(spec)
                .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
                .contexts(vec![
                    InteractionContext::Guild,
                    InteractionContext::BotDm,
                    InteractionContext::PrivateChannel,
                ])
        })
        .collect()
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

/// Discord's limits on an autocomplete answer: 25 choices of up to 100
/// characters.
pub const LIMITS: Limits = Limits {
    choices: 25,
    length: 100,
};

/// What Discord lets the bot do in a server's channel where it is a
/// member: write to a player directly, and group channels in servers; the
/// place is public.
pub const CAPABILITIES: Capabilities = Capabilities {
    direct_messages: true,
    servers: true,
    buttons: true,
    threads: true,
    answer_only: false,
    public_place: true,
};

/// Whether the bot itself is in the interaction's channel, so it may post
/// there on its own: in its DMs, and in servers that installed it; not in
/// group DMs nor in servers where only a player installed it (Discord
/// names the installs behind an interaction in
/// `authorizing_integration_owners`).
pub fn bot_is_member(
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
) -> bool {
    match context {
        Some(InteractionContext::BotDm) => true,
        Some(InteractionContext::PrivateChannel) => false,
        // Without the field (older payloads), a server interaction comes
        // from the server's install.
        _ => {
            owners.0.is_empty()
                || owners
                    .0
                    .iter()
                    .any(|o| matches!(o, AuthorizingIntegrationOwner::GuildInstall(Some(_))))
        }
    }
}

/// What the bot may do in an interaction's channel. Only a server's
/// channel where the bot is a member is a public place: not its DMs, not
/// group DMs, not where only a player installed it (nor a payload without
/// its context, which cannot tell).
pub fn capabilities_of(
    context: Option<InteractionContext>,
    owners: &AuthorizingIntegrationOwners,
) -> Capabilities {
    if !bot_is_member(context, owners) {
        return Capabilities {
            threads: false,
            answer_only: true,
            public_place: false,
            ..CAPABILITIES
        };
    }
    Capabilities {
        public_place: context == Some(InteractionContext::Guild),
        ..CAPABILITIES
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

/// A word that is safe inside a custom id (no spaces).
fn one_word(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("")
}

/// The user an option names, or why they cannot play: another bot.
fn option_user(
    value: &ResolvedValue<'_>,
    config: &BotConfig,
    lang: Lang,
) -> Option<Result<User, String>> {
    let user = match value {
        ResolvedValue::User(user, member) => {
            if user.id.to_string() == config.bot_user.id {
                config.bot_user.clone()
            } else if user.bot {
                return Some(Err(cairn_bot::t!(
                    lang,
                    "discord-opponent-is-a-bot",
                    name = display_name(user, member_nick(*member)),
                    bot = &config.bot_user.name
                )));
            } else {
                User::new(
                    user.id.to_string(),
                    display_name(user, member_nick(*member)),
                )
            }
        }
        ResolvedValue::Unresolved(Unresolved::User(id)) => {
            if id.to_string() == config.bot_user.id {
                config.bot_user.clone()
            } else {
                User::new(id.to_string(), id.to_string())
            }
        }
        _ => return None,
    };
    Some(Ok(user))
}

/// Translate a slash command into a core request carrying the typed
/// command, built from the declaration's arguments. `Err` is a message for
/// the user (ephemeral), e.g. when they challenge another bot.
pub fn request_from_command(
    interaction: &CommandInteraction,
    config: &BotConfig,
) -> Result<Request, String> {
    let lang = Lang::parse(&interaction.locale).unwrap_or(Lang::En);
    let name = interaction.data.name.as_str();
    let Some(spec) = COMMANDS.iter().find(|spec| spec.name == name) else {
        return Err(cairn_bot::t!(
            lang,
            "discord-unknown-command",
            name = cairn_bot::limits::quote(name)
        ));
    };
    let mut args = Args::default();
    let mut mentions = Vec::new();
    for option in interaction.data.options() {
        let Some(arg) = spec.arg(option.name) else {
            continue;
        };
        match (&option.value, arg.kind) {
            (ResolvedValue::String(text), ArgKind::GameOptions) => {
                // Free words typed into one field: keyed ones (`as=black`)
                // go to their own argument, as in a text command.
                args.absorb(spec, arg, text)
                    .map_err(|e| e.text(lang, text))?;
            }
            (ResolvedValue::String(text), _) => {
                let text = text.trim();
                if !text.is_empty() {
                    args.push(arg.name, text);
                }
            }
            // An integer option is a word of digits in a text command.
            (ResolvedValue::Integer(n), _) => args.push(arg.name, n.to_string()),
            (value, ArgKind::User) => {
                if let Some(user) = option_user(value, config, lang) {
                    let user = user?;
                    args.push_user(arg.name, user.clone());
                    mentions.push(user);
                }
            }
            _ => {}
        }
    }
    let context = Context::new(config, &mentions);
    let command = spec
        .build(&mut args, &context)
        .map_err(|error| error.text(lang))?;
    Ok(Request {
        platform: PLATFORM.to_string(),
        channel: interaction.channel_id.to_string(),
        user: interaction_user(interaction),
        command: Input::Command(command),
        mentions,
        server: interaction.guild_id.map(|g| g.to_string()),
        server_admin: may_manage(interaction.member.as_ref().and_then(|m| m.permissions)),
        user_lang: Lang::parse(&interaction.locale),
        place_lang: interaction.guild_locale.as_deref().and_then(Lang::parse),
        capabilities: capabilities_of(
            interaction.context,
            &interaction.authorizing_integration_owners,
        ),
        card: None,
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
    let Some(spec) = COMMANDS.iter().find(|s| s.name == interaction.data.name) else {
        return Vec::new();
    };
    let Some(arg) = spec.arg(focused.name) else {
        return Vec::new();
    };
    let mut values = match arg.kind {
        ArgKind::Turn if spec.name == "puzzle" => cairn_bot::complete::complete_puzzle(
            bot,
            PLATFORM,
            &interaction.user.id.to_string(),
            focused.value,
            LIMITS,
        ),
        ArgKind::Turn => complete_turn(
            bot,
            PLATFORM,
            &interaction.channel_id.to_string(),
            &interaction.user.id.to_string(),
            focused.value,
            LIMITS,
        ),
        ArgKind::GameOptions => {
            // The options of the game chosen in the command's game option.
            let game = interaction.data.options().iter().find_map(|o| {
                match (spec.arg(o.name).map(|a| a.kind), &o.value) {
                    (Some(ArgKind::Game), ResolvedValue::String(s)) => Some(*s),
                    _ => None,
                }
            });
            game.map(|name| complete_options_named(name, focused.value, LIMITS))
                .unwrap_or_default()
        }
        ArgKind::CommandName => command_names_from(focused.value),
        _ => Vec::new(),
    };
    values.retain(|v| !v.is_empty() && v.chars().count() <= LIMITS.length);
    values.truncate(LIMITS.choices);
    values
}

/// The commands whose name starts with what was typed (more than
/// Discord's 25 choices, so suggested rather than listed).
fn command_names_from(typed: &str) -> Vec<String> {
    let typed = typed.trim().to_lowercase();
    COMMANDS
        .iter()
        .map(|spec| spec.name.to_string())
        .filter(|name| name.starts_with(&typed))
        .collect()
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

/// The custom id of a card's button: its command, with the position the
/// card shows (`cairn:-:@<stamp> <command>`).
pub fn card_custom_id(stamp: u64, action: &Action) -> String {
    custom_id(&Action {
        command: format!("@{stamp} {}", action.command),
        ..action.clone()
    })
}

/// A card's position and the command, from the command part of a custom
/// id (no position: not from a card).
fn card_stamp(command: &str) -> (Option<u64>, String) {
    let Some(rest) = command.strip_prefix('@') else {
        return (None, command.to_string());
    };
    match rest.split_once(' ') {
        Some((stamp, command)) => match stamp.parse() {
            Ok(stamp) => (Some(stamp), command.to_string()),
            Err(_) => (None, command.to_string()),
        },
        None => (None, command.to_string()),
    }
}

/// Read a custom id: (the user it is for, the command).
pub fn parse_custom_id(id: &str) -> Option<(Option<String>, String)> {
    let mut parts = id.splitn(3, ':');
    if parts.next()? != BUTTON_PREFIX {
        return None;
    }
    let user = parts.next()?;
    // A select menu's id ends `#<first option>` (ids must differ).
    let command = parts.next()?.split('#').next()?.trim();
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
    Act(Box<Request>),
    /// The button belongs to someone else.
    NotForYou,
    /// Not one of Cairn's buttons.
    Unknown,
}

/// The answer to someone pressing a button that is not theirs, in their
/// language.
pub fn not_for_you(interaction: &ComponentInteraction) -> String {
    own_words(&interaction.locale, "discord-not-for-you")
}

/// A short answer of the adapter's own (`discord-*` in `platforms.ftl`)
/// in the language of the user's Discord.
pub fn own_words(locale: &str, id: &str) -> String {
    let lang = Lang::parse(locale).unwrap_or_default();
    cairn_bot::t!(lang, id)
}

/// Decide a button press: only the action's `for_user` may act.
pub fn button_check(interaction: &ComponentInteraction) -> ButtonCheck {
    let Some((for_user, command)) = parse_custom_id(&interaction.data.custom_id) else {
        return ButtonCheck::Unknown;
    };
    let presser = interaction.user.id.to_string();
    if for_user.is_some_and(|u| u != presser) {
        return ButtonCheck::NotForYou;
    }
    let (card, command) = card_stamp(&command);
    // A choice from a select menu completes its command (`pick` + `3`).
    let command = match &interaction.data.kind {
        ComponentInteractionDataKind::StringSelect { values } => match values.first() {
            Some(value) => format!("{command} {}", one_word(value)),
            None => return ButtonCheck::Unknown,
        },
        _ => command,
    };
    let nick = interaction.member.as_ref().and_then(|m| m.nick.as_deref());
    ButtonCheck::Act(Box::new(Request {
        platform: PLATFORM.to_string(),
        channel: interaction.channel_id.to_string(),
        user: User::new(presser, display_name(&interaction.user, nick)),
        command: command.into(),
        mentions: Vec::new(),
        server: interaction.guild_id.map(|g| g.to_string()),
        server_admin: may_manage(interaction.member.as_ref().and_then(|m| m.permissions)),
        user_lang: Lang::parse(&interaction.locale),
        place_lang: interaction.guild_locale.as_deref().and_then(Lang::parse),
        capabilities: capabilities_of(
            interaction.context,
            &interaction.authorizing_integration_owners,
        ),
        card,
    }))
}
