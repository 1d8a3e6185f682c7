//! The work queue: each room message that addresses the bot becomes a job
//! in its channel's queue; a channel's jobs run one after another on the
//! blocking pool, channels in parallel.

use super::*;

/// A channel's worker task stops after this long without commands.
pub(super) const IDLE_WORKER: Duration = Duration::from_secs(600);
/// A command that takes longer than this shows the bot as typing.
pub(super) const TYPING_AFTER: Duration = Duration::from_millis(300);

/// State shared by the event handlers.
pub(super) struct Shared {
    pub(super) bot: Bot,
    pub(super) own_id: OwnedUserId,
    pub(super) address: Address,
    pub(super) prefix: String,
    pub(super) start_ms: u64,
    /// One worker queue per channel, so its commands run in order.
    pub(super) queues: Mutex<HashMap<String, mpsc::UnboundedSender<Job>>>,
    /// One permit per command queued or running; a stop takes them all.
    pub(super) in_flight: Arc<tokio::sync::Semaphore>,
    /// The bot's notices whose reactions stand for commands.
    pub(super) reactable: Mutex<super::reactions::Reactable>,
}

impl Job {
    /// A command of `sender` that answers `event` (a reaction to the
    /// bot's answer to it).
    pub(super) fn new(
        room: Room,
        event: OriginalSyncRoomMessageEvent,
        sender: OwnedUserId,
        channel: String,
        command: String,
        permit: tokio::sync::OwnedSemaphorePermit,
    ) -> Job {
        Job {
            room,
            event,
            sender,
            channel,
            command,
            mention_ids: Vec::new(),
            received: Instant::now(),
            _permit: permit,
        }
    }
}

/// One command to run.
pub(super) struct Job {
    room: Room,
    /// The message the command answers (for threads and replies).
    event: OriginalSyncRoomMessageEvent,
    /// Who gives the command: the message's sender, or the player who
    /// reacted.
    sender: OwnedUserId,
    channel: String,
    command: String,
    mention_ids: Vec<String>,
    /// When the sync handed the command to the bot.
    received: Instant,
    /// Held until the command is answered.
    _permit: tokio::sync::OwnedSemaphorePermit,
}

pub(super) async fn on_message(
    event: OriginalSyncRoomMessageEvent,
    room: Room,
    shared: Ctx<Arc<Shared>>,
) {
    let shared = shared.0;
    if !shared.heeds(&room, &event.sender, event.origin_server_ts) {
        return;
    }
    // Edits would repeat a command; notices are other bots talking.
    if matches!(event.content.relates_to, Some(Relation::Replacement(_))) {
        return;
    }
    let MessageType::Text(text) = &event.content.msgtype else {
        return;
    };
    let formatted = text
        .formatted
        .as_ref()
        .filter(|f| f.format == MessageFormat::Html)
        .map(|f| f.body.as_str());
    let Some(command) = shared.address.command(&text.body, formatted) else {
        return;
    };
    let mut mention_ids = mxids_in(&command);
    if mention_ids.is_empty() && formatted.is_none() {
        // A client that sent pills as plain names still lists the users in
        // m.mentions.
        if let Some(mentions) = &event.content.mentions {
            mention_ids = mentions
                .user_ids
                .iter()
                .filter(|u| **u != shared.own_id)
                .map(|u| u.to_string())
                .collect();
        }
    }
    let thread_root = match &event.content.relates_to {
        Some(Relation::Thread(thread)) => Some(thread.event_id.to_string()),
        _ => None,
    };
    let channel = channel_id(room.room_id().as_str(), thread_root.as_deref());
    // How long after the homeserver accepted the message the sync brought
    // it (same clock only when the bot runs beside the homeserver).
    let sync_lag_ms = cairn_store::now_ms().saturating_sub(u64::from(event.origin_server_ts.0));
    // Closed once a stop has begun: then nothing new starts.
    let Ok(permit) = Arc::clone(&shared.in_flight).acquire_owned().await else {
        return;
    };
    tracing::debug!(%channel, sender = %event.sender, %command, sync_lag_ms, "command");
    shared.enqueue(Job {
        room,
        sender: event.sender.clone(),
        event,
        channel,
        command,
        mention_ids,
        received: Instant::now(),
        _permit: permit,
    });
}

impl Shared {
    /// Whether the bot answers an event: in a room it has joined, from
    /// someone else, sent since it started (older events arrive when it
    /// joins a room, its history: never replay them).
    pub(super) fn heeds(
        &self,
        room: &Room,
        sender: &UserId,
        sent: matrix_sdk::ruma::MilliSecondsSinceUnixEpoch,
    ) -> bool {
        room.state() == RoomState::Joined
            && sender != self.own_id
            && u64::from(sent.0) >= self.start_ms
    }

    pub(super) fn enqueue(self: &Arc<Self>, job: Job) {
        let key = job.channel.clone();
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        let job = match queues.get(&key) {
            Some(sender) => match sender.send(job) {
                Ok(()) => return,
                Err(mpsc::error::SendError(job)) => job,
            },
            None => job,
        };
        let (sender, receiver) = mpsc::unbounded_channel();
        // A fresh receiver is open: this send cannot fail.
        let _ = sender.send(job);
        queues.insert(key.clone(), sender);
        drop(queues);
        let shared = Arc::clone(self);
        tokio::spawn(async move { shared.work(key, receiver).await });
    }

    /// Run one channel's commands in order; stop when idle.
    async fn work(self: Arc<Self>, key: String, mut receiver: mpsc::UnboundedReceiver<Job>) {
        loop {
            match tokio::time::timeout(IDLE_WORKER, receiver.recv()).await {
                Ok(Some(job)) => self.process(job).await,
                Ok(None) => return,
                Err(_) => {
                    let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
                    match receiver.try_recv() {
                        Ok(job) => {
                            drop(queues);
                            self.process(job).await;
                        }
                        Err(_) => {
                            queues.remove(&key);
                            return;
                        }
                    }
                }
            }
        }
    }

    async fn process(&self, job: Job) {
        let Job {
            room,
            event,
            sender,
            channel,
            command,
            mention_ids,
            received,
            _permit,
        } = job;
        let started = Instant::now();
        let user = User::new(sender.to_string(), member_name(&room, &sender).await);
        let mut mentions = Vec::new();
        for id in mention_ids {
            let name = match UserId::parse(id.as_str()) {
                Ok(user_id) => member_name(&room, &user_id).await,
                Err(_) => id.clone(),
            };
            mentions.push(User::new(id, name));
        }
        let request = Request {
            platform: PLATFORM.into(),
            channel: channel.clone(),
            user,
            command: command.into(),
            mentions,
            // A thread in a room is a channel of its own; answers are
            // typed, not pressed. A room is public when anyone may join
            // it (its join rule, as the client's state knows it).
            capabilities: cairn_bot::Capabilities {
                threads: true,
                // The bot opens a direct-message room to a user for
                // reminders and digests.
                direct_messages: true,
                public_place: room.is_public() == Some(true),
                ..Default::default()
            },
            ..Default::default()
        };
        let handling = Instant::now();
        let bot = self.bot.clone();
        let requester = request.user.clone();
        let (notes_sender, mut notes) = mpsc::unbounded_channel::<Reply>();
        let work = tokio::task::spawn_blocking(move || {
            bot.handle_with(&request, |note| {
                let _ = notes_sender.send(note);
            })
        });
        tokio::pin!(work);
        // "Cairn is typing" only when the answer takes a while (the bot
        // opponent thinking): for a quick command it would cost a round trip
        // before the reply and wake every client in the room twice.
        let typing_after = tokio::time::sleep(TYPING_AFTER);
        tokio::pin!(typing_after);
        let mut typing = false;
        let answer = loop {
            tokio::select! {
                answer = &mut work => break answer,
                () = &mut typing_after, if !typing => {
                    typing = true;
                    let _ = room.typing_notice(true).await;
                }
                Some(note) = notes.recv() => {
                    // The bot's place in line while it waits for a search.
                    if let Err(error) = self.send(&room, &event, &note, &requester, &channel).await {
                        tracing::warn!(room = %room.room_id(), %error, "posting the place in line");
                    }
                }
            }
        };
        if typing {
            let typing = room.clone();
            tokio::spawn(async move {
                let _ = typing.typing_notice(false).await;
            });
        }
        let replies = match answer {
            Ok(replies) => replies,
            Err(error) => {
                tracing::error!(%error, "the bot panicked on a command");
                vec![Reply::error(
                    "Sorry, something went wrong on my side. Please try again.",
                )]
            }
        };
        let handled = Instant::now();
        let mut first_sent = None;
        for reply in &replies {
            if let Err(error) = self.send(&room, &event, reply, &requester, &channel).await {
                tracing::error!(room = %room.room_id(), %error, "sending a reply failed");
            }
            first_sent.get_or_insert_with(Instant::now);
        }
        let ms = |from: Instant, to: Instant| to.duration_since(from).as_millis() as u64;
        let done = Instant::now();
        tracing::debug!(
            queued_ms = ms(received, started),
            prepare_ms = ms(started, handling),
            core_ms = ms(handling, handled),
            first_reply_ms = ms(received, first_sent.unwrap_or(done)),
            all_sent_ms = ms(received, done),
            "command answered"
        );
    }

    async fn send(
        &self,
        room: &Room,
        event: &OriginalSyncRoomMessageEvent,
        reply: &Reply,
        requester: &User,
        channel: &str,
    ) -> Result<()> {
        let out = format_reply(reply, &self.prefix, requester);
        let ids = out
            .mention_ids
            .iter()
            .filter_map(|id| UserId::parse(id.as_str()).ok());
        let mut content = RoomMessageEventContent::notice_html(out.body, out.html)
            .add_mentions(Mentions::with_user_ids(ids));
        let in_thread = matches!(event.content.relates_to, Some(Relation::Thread(_)));
        if reply.ephemeral {
            content = content.make_reply_to(event, ForwardThread::Yes, AddMentions::Yes);
        } else if in_thread {
            content = content.make_for_thread(event, ReplyWithinThread::No, AddMentions::No);
        }
        let sending = Instant::now();
        let sent = room.send(content).await.context("sending a notice")?;
        tracing::debug!(ms = sending.elapsed().as_millis() as u64, "notice sent");
        let reactions = self.reactions_for(reply, event, channel, &sent.response.event_id);

        if let Some(png) = &reply.image {
            let within = in_thread.then(|| SdkReply {
                event_id: event.event_id.clone(),
                enforce_thread: EnforceThread::MaybeThreaded,
                add_mentions: AddMentions::No,
            });
            let attachment = board_attachment(png, alt_text(reply), within);
            let sending = Instant::now();
            room.send_attachment(
                "board.png",
                &mime::IMAGE_PNG,
                png.bytes().to_vec(),
                attachment,
            )
            .await
            .context("sending the board image")?;
            tracing::debug!(
                ms = sending.elapsed().as_millis() as u64,
                "board image sent"
            );
        }
        send_files(room, reply, || {
            in_thread.then(|| SdkReply {
                event_id: event.event_id.clone(),
                enforce_thread: EnforceThread::MaybeThreaded,
                add_mentions: AddMentions::No,
            })
        })
        .await?;
        // The reactions go last, under the notice, once its board is shown.
        self.offer(room, &sent.response.event_id, &reactions).await;
        Ok(())
    }
}

/// A member's display name, else the localpart of their id.
pub(super) async fn member_name(room: &Room, user_id: &UserId) -> String {
    let member = match room.get_member_no_sync(user_id).await {
        Ok(Some(member)) => Some(member),
        _ => room.get_member(user_id).await.ok().flatten(),
    };
    match member {
        Some(member) => member.name().to_string(),
        None => user_id.localpart().to_string(),
    }
}
