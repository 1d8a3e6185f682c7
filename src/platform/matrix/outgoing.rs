//! Outgoing messages: a bot reply or a timed event as Matrix text and HTML
//! with its mentions, the board image and attached files.

use super::*;

/// The direct-message room with `user`: the one the bot shares with them,
/// or a new one it opens (an invitation, as a client's "start a chat").
async fn direct_room(client: &Client, user: &User) -> Option<Room> {
    let user_id = UserId::parse(user.id.as_str()).ok()?;
    if let Some(room) = client.get_dm_room(&user_id) {
        return Some(room);
    }
    match client.create_dm(&user_id).await {
        Ok(room) => Some(room),
        Err(error) => {
            tracing::warn!(%error, user = %user.id, "cannot open a direct-message room");
            None
        }
    }
}

/// Post a timed event in its room (or thread), mentioning whom it names;
/// one for a user directly goes to their direct-message room.
pub(super) async fn deliver(client: &Client, prefix: &str, delivery: &Delivery) {
    if let Some(user) = &delivery.direct {
        if let Some(room) = direct_room(client, user).await {
            post_in(&room, None, prefix, delivery).await;
            return;
        }
    }
    let (room_id, thread_root) = match delivery.channel.split_once('/') {
        Some((room, root)) => (room, Some(root)),
        None => (delivery.channel.as_str(), None),
    };
    let Ok(room_id) = RoomId::parse(room_id) else {
        tracing::warn!(channel = %delivery.channel, "a timed event for a channel that is not a room");
        return;
    };
    let Some(room) = client.get_room(&room_id) else {
        tracing::warn!(room = %room_id, "a timed event for a room the bot is not in");
        return;
    };
    let root = thread_root.and_then(|root| EventId::parse(root).ok());
    post_in(&room, root, prefix, delivery).await;
}

/// Post a delivery's replies in `room` (within the thread of `root`).
async fn post_in(
    room: &Room,
    root: Option<matrix_sdk::ruma::OwnedEventId>,
    prefix: &str,
    delivery: &Delivery,
) {
    // Images and files go into the thread too.
    let within = || {
        root.as_ref().map(|root| SdkReply {
            event_id: root.clone(),
            enforce_thread: EnforceThread::Threaded(ReplyWithinThread::No),
            add_mentions: AddMentions::No,
        })
    };
    for reply in &delivery.replies {
        let nobody = User::new("", "");
        let out = format_reply(reply, prefix, reply.mentions.first().unwrap_or(&nobody));
        let ids = out
            .mention_ids
            .iter()
            .filter_map(|id| UserId::parse(id.as_str()).ok());
        let mut content = RoomMessageEventContent::notice_html(out.body, out.html)
            .add_mentions(Mentions::with_user_ids(ids));
        if let Some(root) = &root {
            content.relates_to = Some(Relation::Thread(Thread::plain(root.clone(), root.clone())));
        }
        if let Err(error) = room.send(content).await {
            tracing::error!(room = %room.room_id(), %error, "posting a timed event");
            continue;
        }
        if let Some(png) = &reply.image {
            let attachment = board_attachment(png, alt_text(reply), within());
            if let Err(error) = room
                .send_attachment(
                    "board.png",
                    &mime::IMAGE_PNG,
                    png.bytes().to_vec(),
                    attachment,
                )
                .await
            {
                tracing::error!(room = %room.room_id(), %error, "posting a timed event's board");
            }
        }
        if let Err(error) = send_files(room, reply, within).await {
            tracing::error!(room = %room.room_id(), %error, "posting a timed event's files");
        }
    }
}

/// The words a board image carries as its `body` (what clients read out
/// instead of the picture): the board's description, else the title.
pub(super) fn alt_text(reply: &Reply) -> Option<&str> {
    reply.description.as_deref().or(reply.title.as_deref())
}

/// The board image as an attachment: its size and dimensions in the event
/// (so clients lay it out at once), `alt` as its caption (the event's
/// `body`), no mentions (the notice before it mentions), within a thread
/// when `within` says so.
pub(super) fn board_attachment(
    png: &Png,
    alt: Option<&str>,
    within: Option<SdkReply>,
) -> AttachmentConfig {
    let info = BaseImageInfo {
        size: UInt::new(png.bytes().len() as u64),
        width: Some(UInt::from(png.width())),
        height: Some(UInt::from(png.height())),
        ..BaseImageInfo::default()
    };
    let mut attachment = AttachmentConfig::new()
        .info(AttachmentInfo::Image(info))
        .mentions(Some(Mentions::new()));
    if let Some(alt) = alt {
        attachment = attachment.caption(Some(TextMessageEventContent::plain(alt)));
    }
    if within.is_some() {
        attachment = attachment.reply(within);
    }
    attachment
}

/// The MIME type of an attached file.
pub(super) fn mime_of(kind: AttachmentKind) -> mime::Mime {
    match kind {
        AttachmentKind::Gif => mime::IMAGE_GIF,
        AttachmentKind::Json => mime::APPLICATION_JSON,
        AttachmentKind::Text => mime::TEXT_PLAIN_UTF_8,
    }
}

/// A GIF's width and height from its header.
pub(super) fn gif_size(gif: &[u8]) -> Option<(u32, u32)> {
    if gif.len() < 10 || !gif.starts_with(b"GIF8") {
        return None;
    }
    let width = u16::from_le_bytes([gif[6], gif[7]]);
    let height = u16::from_le_bytes([gif[8], gif[9]]);
    (width > 0 && height > 0).then_some((width.into(), height.into()))
}

/// Post a reply's files after its text: a replay GIF as an `m.image`,
/// records as `m.file`; each within the thread `within` makes a reply in.
pub(super) async fn send_files(
    room: &Room,
    reply: &Reply,
    within: impl Fn() -> Option<SdkReply>,
) -> Result<()> {
    for file in &reply.files {
        let mut attachment = AttachmentConfig::new().mentions(Some(Mentions::new()));
        if file.kind.is_image() {
            let mut info = BaseImageInfo {
                size: UInt::new(file.bytes.len() as u64),
                ..BaseImageInfo::default()
            };
            if let Some((width, height)) = gif_size(&file.bytes) {
                info.width = Some(UInt::from(width));
                info.height = Some(UInt::from(height));
            }
            attachment = attachment.info(AttachmentInfo::Image(info));
        }
        if let Some(within) = within() {
            attachment = attachment.reply(Some(within));
        }
        room.send_attachment(
            &file.name,
            &mime_of(file.kind),
            file.bytes.clone(),
            attachment,
        )
        .await
        .with_context(|| format!("sending {}", file.name))?;
    }
    Ok(())
}

/// A reply as Matrix text: plain body, HTML body, users to notify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outgoing {
    pub body: String,
    pub html: String,
    pub mention_ids: Vec<String>,
}

/// Lay out a bot reply: the users it addresses first (pills), then the
/// text; buttons become the commands to type; without an image the text
/// board is shown.
pub fn format_reply(reply: &Reply, prefix: &str, requester: &User) -> Outgoing {
    let addressed: Vec<&User> = if reply.ephemeral {
        vec![requester]
    } else {
        reply.mentions.iter().collect()
    };
    let mut body = String::new();
    let mut html = String::new();
    let mut mention_ids = Vec::new();
    for (i, user) in addressed.iter().enumerate() {
        if i > 0 {
            body.push_str(", ");
            html.push_str(", ");
        }
        body.push_str(&user.name);
        if user.id.starts_with('@') && UserId::parse(user.id.as_str()).is_ok() {
            html.push_str(&format!(
                "<a href=\"https://matrix.to/#/{}\">{}</a>",
                escape_html(&user.id),
                escape_html(&user.name)
            ));
            if !mention_ids.contains(&user.id) {
                mention_ids.push(user.id.clone());
            }
        } else {
            html.push_str(&escape_html(&user.name));
        }
    }
    if !addressed.is_empty() {
        body.push_str(": ");
        html.push_str(": ");
    }
    // A room the text speaks of: a matrix.to link, which clients show as
    // the room's name.
    let text = reply.text_with_channels(|c| {
        if c.platform == PLATFORM {
            format!("https://matrix.to/#/{}", c.channel)
        } else {
            c.channel.clone()
        }
    });
    body.push_str(&text);
    html.push_str(&text_to_html(&text));
    if !reply.actions.is_empty() {
        let words: Vec<String> = reply
            .actions
            .iter()
            .map(|a| format!("`{prefix} {}`", a.command))
            .collect();
        let lang = reply.lang;
        let hint = cairn_bot::t!(
            lang,
            "matrix-type-to-answer",
            commands = cairn_bot::i18n::list_or(lang, &words)
        );
        body.push_str(&hint);
        html.push_str(&text_to_html(&hint));
    }
    if reply.image.is_none() {
        if let Some(board) = &reply.board_text {
            body.push('\n');
            body.push_str(board);
            html.push_str(&format!("<pre><code>{}</code></pre>", escape_html(board)));
        }
    }
    Outgoing {
        body,
        html,
        mention_ids,
    }
}

pub(super) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// Escape text, turn `code` into `<code>` and line breaks into `<br>`.
pub(super) fn text_to_html(text: &str) -> String {
    let mut out = String::new();
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push_str("<br>");
        }
        let parts: Vec<&str> = line.split('`').collect();
        // Backticks pair up; an odd last one is literal.
        let spans = (parts.len() - 1) / 2;
        for (j, part) in parts.iter().enumerate() {
            if j > 2 * spans {
                out.push('`');
                out.push_str(&escape_html(part));
            } else if j % 2 == 1 {
                out.push_str("<code>");
                out.push_str(&escape_html(part));
                out.push_str("</code>");
            } else {
                out.push_str(&escape_html(part));
            }
        }
    }
    out
}
