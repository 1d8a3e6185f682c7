//! Channels where the bot may only answer (see
//! [`Capabilities::answer_only`]): the record remembers it for the
//! scheduler, and the timed events it could not post there are told at
//! the top of the next reply.

use std::collections::HashSet;
use std::sync::Mutex;

use crate::i18n::{self, Lang};
use crate::{t, Bot, ChannelKey, Reply, Request};
use cairn_store::{Change, News, Update};

/// Channels seen by this process where the bot may post and whose record
/// says so: their commands skip the extra read.
#[derive(Default)]
pub(crate) struct OpenChannels(Mutex<HashSet<String>>);

impl OpenChannels {
    fn knows(&self, key: &str) -> bool {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .contains(key)
    }

    fn note(&self, key: &str) {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(key.to_string());
    }
}

impl Bot {
    /// Before a command: take the news waiting in the request's channel,
    /// and write down whether the bot may post there (the scheduler reads
    /// it). One compare-and-swap, so two commands never both tell the
    /// same news.
    pub(crate) fn take_news(&self, request: &Request) -> Vec<News> {
        let key = ChannelKey::of(request).to_string();
        let answer_only = request.capabilities.answer_only;
        if !answer_only && self.open_channels.knows(&key) {
            return Vec::new();
        }
        let taken = self.store.update(&key, |current| match current {
            Some(mut record) if record.answer_only != answer_only || !record.news.is_empty() => {
                record.answer_only = answer_only;
                let news = std::mem::take(&mut record.news);
                Update {
                    change: Change::Put(record),
                    archive: None,
                    value: news,
                }
            }
            _ => Update::keep(Vec::new()),
        });
        match taken {
            Ok(news) => {
                if !answer_only {
                    self.open_channels.note(&key);
                }
                news
            }
            Err(error) => {
                tracing::warn!(%error, channel = %key, "could not read the channel's news");
                Vec::new()
            }
        }
    }

    /// After a command in a channel where the bot may only answer: a
    /// record the command created (a challenge) says so too.
    pub(crate) fn note_answer_only(&self, request: &Request) {
        if !request.capabilities.answer_only {
            return;
        }
        let key = ChannelKey::of(request).to_string();
        let noted = self.store.update(&key, |current| match current {
            Some(mut record) if !record.answer_only => {
                record.answer_only = true;
                Update {
                    change: Change::Put(record),
                    archive: None,
                    value: (),
                }
            }
            _ => Update::keep(()),
        });
        if let Err(error) = noted {
            tracing::warn!(%error, channel = %key, "could not note that the bot may only answer here");
        }
    }
}

/// Put the news at the top of the first public reply (or of a public
/// reply of their own when every reply is private), one line each,
/// oldest first.
pub(crate) fn tell_news(replies: &mut Vec<Reply>, news: &[News], now: u64, lang: Lang) {
    if news.is_empty() {
        return;
    }
    let lines: Vec<String> = news
        .iter()
        .map(|n| {
            t!(
                lang,
                "schedule-meanwhile",
                ago = i18n::duration(lang, now.saturating_sub(n.at_ms).max(1_000)),
                news = &n.text
            )
        })
        .collect();
    let head = lines.join("\n");
    match replies.iter_mut().find(|r| !r.ephemeral) {
        Some(reply) => reply.text = format!("{head}\n{}", reply.text),
        None => replies.insert(
            0,
            Reply {
                lang,
                ..Reply::text(head)
            },
        ),
    }
}
