//! Words one layer hands to another, as typed values: a [`Message`] is the
//! id of a Fluent message and its arguments (a refusal of the rules, how a
//! game ended), worded later in the reader's language.

use std::fmt;

/// A message to show a reader: a Fluent message id and its arguments.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Message {
    /// The Fluent message id, e.g. `callanish-refusal-stack-full`.
    pub id: &'static str,
    /// The message's variables, by name (without the `$`).
    pub args: Vec<(&'static str, MessageArg)>,
}

/// One argument of a [`Message`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MessageArg {
    /// Text shown as it is in every language: a point (`c3`), a turn as
    /// written, a list of turns, a player's name.
    Text(String),
    /// A count (selects plural forms where the language has them).
    Number(i64),
    /// Another message, worded in the same language first (a seat's name,
    /// a piece's name).
    Message(Box<Message>),
}

impl Message {
    /// A message without arguments.
    pub const fn new(id: &'static str) -> Message {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<MessageArg>) -> Message {
        self.args.push((name, value.into()));
        self
    }
}

impl From<&str> for MessageArg {
    fn from(text: &str) -> MessageArg {
        MessageArg::Text(text.to_string())
    }
}

impl From<String> for MessageArg {
    fn from(text: String) -> MessageArg {
        MessageArg::Text(text)
    }
}

impl From<Message> for MessageArg {
    fn from(message: Message) -> MessageArg {
        MessageArg::Message(Box::new(message))
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for MessageArg {
            fn from(n: $t) -> MessageArg {
                MessageArg::Number(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

impl fmt::Display for MessageArg {
    /// The argument as plain text (a nested message by its id): for logs
    /// and debugging, never for players.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MessageArg::Text(text) => f.write_str(text),
            MessageArg::Number(n) => write!(f, "{n}"),
            MessageArg::Message(message) => write!(f, "{}", message.id),
        }
    }
}
