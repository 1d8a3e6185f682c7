//! Components V2 messages (flag `IS_COMPONENTS_V2`, 1 << 15): a game's
//! card (the board in a media gallery with its description, a text
//! display with the title, the last turn, the clocks and any warning, and
//! the card's buttons), and the picker (the board with the turn so far,
//! then select menus of the legal next steps). serenity 0.12.5 has no
//! builders for them: this is a small typed model of exactly the
//! components Cairn sends, serialised as Discord's API wants it (the spec
//! fixture's `ContainerComponentForMessageRequest` and friends).

use serde::Serialize;
use serenity::all::CreateAttachment;

use super::commands::{card_custom_id, custom_id};
use super::{clip, BOARD_FILE, EMBED_COLOUR};
use cairn_bot::{t, Action, GameCard, PickMenu, Reply};

/// The message flag of a Components V2 message.
pub const IS_COMPONENTS_V2: u64 = 1 << 15;
const EPHEMERAL: u64 = 1 << 6;
/// Discord's limits on one Components V2 message.
pub const MAX_COMPONENTS: usize = 40;
pub const MAX_TEXT: usize = 4000;
/// Options of one select menu.
const SELECT_OPTIONS: usize = 25;
/// Select menus of one picker (the rest of the 40 components go to the
/// board, the text and the buttons).
const PICKER_SELECTS: usize = 8;

/// A top-level or nested component.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Component {
    Container(Container),
    MediaGallery(MediaGallery),
    TextDisplay(TextDisplay),
    ActionRow(ActionRow),
}

#[derive(Clone, Debug, Serialize)]
pub struct Container {
    #[serde(rename = "type")]
    kind: u8,
    accent_color: u32,
    pub components: Vec<Component>,
}

#[derive(Clone, Debug, Serialize)]
pub struct MediaGallery {
    #[serde(rename = "type")]
    kind: u8,
    pub items: Vec<MediaItem>,
}

#[derive(Clone, Debug, Serialize)]
pub struct MediaItem {
    pub media: Media,
    /// The alt text (at most 1,024 characters).
    pub description: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Media {
    pub url: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct TextDisplay {
    #[serde(rename = "type")]
    kind: u8,
    pub content: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct ActionRow {
    #[serde(rename = "type")]
    kind: u8,
    pub components: Vec<Interactive>,
}

/// What an action row holds.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Interactive {
    Button(Button),
    Select(StringSelect),
}

#[derive(Clone, Debug, Serialize)]
pub struct Button {
    #[serde(rename = "type")]
    kind: u8,
    /// 1 primary, 2 secondary, 4 danger.
    style: u8,
    pub label: String,
    pub custom_id: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct StringSelect {
    #[serde(rename = "type")]
    kind: u8,
    pub custom_id: String,
    pub placeholder: String,
    pub options: Vec<SelectOption>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SelectOption {
    pub label: String,
    pub value: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// An uploaded file the message refers to (`attachment://<filename>`).
#[derive(Clone, Debug, Serialize)]
pub struct AttachmentRef {
    pub id: u64,
    pub filename: String,
    pub description: String,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct Mentions {
    pub parse: Vec<String>,
    pub users: Vec<String>,
}

/// The JSON body of a Components V2 message (a follow-up, an edit, a
/// channel message, or the `data` of an interaction response).
#[derive(Clone, Debug, Serialize)]
pub struct CardBody {
    pub flags: u64,
    pub components: Vec<Component>,
    pub attachments: Vec<AttachmentRef>,
    pub allowed_mentions: Mentions,
}

/// An interaction response carrying a card (`type` 4: a new message).
#[derive(Clone, Debug, Serialize)]
pub struct CardResponse<'a> {
    #[serde(rename = "type")]
    pub kind: u8,
    pub data: &'a CardBody,
}

/// A card ready to send: its body and the board file it refers to.
#[derive(Clone, Debug)]
pub struct CardMessage {
    pub body: CardBody,
    pub files: Vec<CreateAttachment>,
}

impl Component {
    /// This component and those inside it.
    pub fn count(&self) -> usize {
        1 + match self {
            Component::Container(c) => c.components.iter().map(Component::count).sum(),
            Component::ActionRow(row) => row.components.len(),
            Component::MediaGallery(_) | Component::TextDisplay(_) => 0,
        }
    }

    /// The characters of its text displays.
    pub fn text_len(&self) -> usize {
        match self {
            Component::Container(c) => c.components.iter().map(Component::text_len).sum(),
            Component::TextDisplay(t) => t.content.chars().count(),
            _ => 0,
        }
    }
}

impl CardBody {
    /// Components counted with nesting, as Discord counts them.
    pub fn component_count(&self) -> usize {
        self.components.iter().map(Component::count).sum()
    }

    /// Characters of text, over every text display.
    pub fn text_len(&self) -> usize {
        self.components.iter().map(Component::text_len).sum()
    }
}

fn text(content: String) -> Component {
    Component::TextDisplay(TextDisplay { kind: 10, content })
}

fn button(label: &str, custom_id: String, primary: bool) -> Interactive {
    Interactive::Button(Button {
        kind: 2,
        style: if primary { 1 } else { 2 },
        label: clip(label, 80),
        custom_id,
    })
}

fn row(components: Vec<Interactive>) -> Component {
    Component::ActionRow(ActionRow {
        kind: 1,
        components,
    })
}

/// A reply drawn as a Components V2 message: a game's card, or the picker.
/// `None` for every other reply (they stay plain messages and embeds).
/// `ping` is the line that notifies the reply's users (pings only work
/// in a text display of such a message).
pub fn card_message(reply: &Reply, ping: Option<(String, Vec<String>)>) -> Option<CardMessage> {
    let (mut inner, ephemeral) = match (&reply.pick, &reply.card) {
        (Some(menu), _) => (picker_parts(reply, menu), true),
        (None, Some(card)) => (card_parts(reply, card), reply.ephemeral),
        (None, None) => return None,
    };
    let (mut files, mut attachments) = (Vec::new(), Vec::new());
    if let Some(png) = &reply.image {
        let alt = clip(reply.description.as_deref().unwrap_or_default(), 1024);
        files.push(CreateAttachment::bytes(png.bytes(), BOARD_FILE).description(alt.clone()));
        attachments.push(AttachmentRef {
            id: 0,
            filename: BOARD_FILE.to_string(),
            description: alt.clone(),
        });
        let gallery = Component::MediaGallery(MediaGallery {
            kind: 12,
            items: vec![MediaItem {
                media: Media {
                    url: format!("attachment://{BOARD_FILE}"),
                },
                description: alt,
            }],
        });
        inner.insert(0, gallery);
    }
    let mut mentions = Mentions::default();
    let mut components = Vec::new();
    if let Some((line, users)) = ping {
        components.push(text(line));
        mentions.users = users;
    }
    components.push(Component::Container(Container {
        kind: 17,
        accent_color: EMBED_COLOUR,
        components: inner,
    }));
    Some(CardMessage {
        body: CardBody {
            flags: IS_COMPONENTS_V2 | if ephemeral { EPHEMERAL } else { 0 },
            components,
            attachments,
            allowed_mentions: mentions,
        },
        files,
    })
}

/// The text of a card: its title, the reply's words, the clocks; cut to
/// leave room for the rest of the message's text.
fn card_text(reply: &Reply, card: Option<&GameCard>, budget: usize) -> String {
    let mut lines = Vec::new();
    if let Some(title) = &reply.title {
        lines.push(format!("### {title}"));
    }
    lines.push(reply.text_with_channels(super::channel_link));
    if let Some(clocks) = card.and_then(|c| c.clocks.as_ref()) {
        lines.push(format!("-# {clocks}"));
    }
    clip(&lines.join("\n"), budget)
}

/// A game's card: the board (added by the caller), its text, its buttons.
fn card_parts(reply: &Reply, card: &GameCard) -> Vec<Component> {
    let mut parts = vec![text(card_text(reply, Some(card), MAX_TEXT - 200))];
    let buttons: Vec<Interactive> = card
        .actions
        .iter()
        .map(|a| button(&a.label, card_custom_id(card.stamp, a), a.primary))
        .collect();
    for chunk in buttons.chunks(5) {
        parts.push(row(chunk.to_vec()));
    }
    parts
}

/// The picker: the head of the list, its options in select menus of 25,
/// and Back (and More beyond the menus) as buttons, all for the player to
/// move. A choice sends `pick <number>`.
fn picker_parts(reply: &Reply, menu: &PickMenu) -> Vec<Component> {
    let lang = reply.lang;
    let head = reply.text.lines().next().unwrap_or_default().to_string();
    let mut parts = vec![text(clip(&head, MAX_TEXT - 200))];
    let start = (menu.page * PickMenu::PAGE).min(menu.options.len());
    let shown = &menu.options[start..];
    let only_for = |command: &str| {
        custom_id(&Action {
            label: String::new(),
            command: command.to_string(),
            for_user: Some(menu.user.id.clone()),
            primary: false,
        })
    };
    for chunk in shown.chunks(SELECT_OPTIONS).take(PICKER_SELECTS) {
        let (first, last) = (
            chunk.first().map_or(0, |o| o.number),
            chunk.last().map_or(0, |o| o.number),
        );
        let options = chunk
            .iter()
            .map(|o| SelectOption {
                label: clip(if o.plays { &o.description } else { &o.label }, 100),
                value: o.number.to_string(),
                description: (!o.plays && !o.description.is_empty())
                    .then(|| clip(&o.description, 100)),
            })
            .collect();
        parts.push(row(vec![Interactive::Select(StringSelect {
            kind: 3,
            // Unique per menu: Discord refuses two components with one id.
            custom_id: format!("{}#{first}", only_for("pick")),
            placeholder: clip(
                &t!(lang, "discord-pick-options", first = first, last = last),
                150,
            ),
            options,
        })]));
    }
    let mut buttons = Vec::new();
    if menu.can_go_back {
        buttons.push(button(
            &t!(lang, "discord-pick-back"),
            only_for("pick back"),
            false,
        ));
    }
    if shown.len() > SELECT_OPTIONS * PICKER_SELECTS {
        buttons.push(button(
            &t!(lang, "discord-pick-more"),
            only_for("pick more"),
            false,
        ));
    }
    if !buttons.is_empty() {
        parts.push(row(buttons));
    }
    parts
}
