//! Bounds on the bot opponent's resources: at most N searches at once
//! (the rest wait in line, told their place), and the search trees kept
//! between turns within a memory budget, the least recently used dropped
//! first.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Condvar, Mutex, MutexGuard};

use super::Memory;

fn locked<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// At most `cap` searches at once, the others served first come first.
pub struct Workers {
    cap: usize,
    state: Mutex<Line>,
    turn: Condvar,
}

#[derive(Default)]
struct Line {
    busy: usize,
    next_ticket: u64,
    waiting: VecDeque<u64>,
}

/// A running search's place; dropping it lets the next one in.
pub struct Permit<'a>(&'a Workers);

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        locked(&self.0.state).busy -= 1;
        self.0.turn.notify_all();
    }
}

impl Workers {
    pub fn new(cap: usize) -> Workers {
        Workers {
            cap: cap.max(1),
            state: Mutex::default(),
            turn: Condvar::new(),
        }
    }

    /// Wait for a free worker. If there is none, `queued` is told first how
    /// many searches are ahead (running plus waiting before this one).
    pub fn acquire(&self, queued: impl FnOnce(usize)) -> Permit<'_> {
        let mut line = locked(&self.state);
        if line.busy < self.cap && line.waiting.is_empty() {
            line.busy += 1;
            return Permit(self);
        }
        let ticket = line.next_ticket;
        line.next_ticket += 1;
        let ahead = line.busy + line.waiting.len();
        line.waiting.push_back(ticket);
        drop(line);
        queued(ahead);
        let mut line = locked(&self.state);
        while line.busy >= self.cap || line.waiting.front() != Some(&ticket) {
            line = self
                .turn
                .wait(line)
                .unwrap_or_else(std::sync::PoisonError::into_inner);
        }
        line.waiting.pop_front();
        line.busy += 1;
        drop(line);
        // The next in line may also fit.
        self.turn.notify_all();
        Permit(self)
    }
}

/// Search trees kept by channel within a byte budget.
pub struct Memories {
    budget: usize,
    state: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    by_key: HashMap<String, (Memory, u64)>,
    /// Use order: sequence number -> key (oldest first).
    order: BTreeMap<u64, String>,
    bytes: usize,
    next: u64,
}

impl Memories {
    pub fn new(budget: usize) -> Memories {
        Memories {
            budget,
            state: Mutex::default(),
        }
    }

    /// Take a channel's tree out (a new empty memory if none is kept).
    pub fn take(&self, key: &str) -> Memory {
        let mut kept = locked(&self.state);
        match kept.by_key.remove(key) {
            Some((memory, seq)) => {
                kept.order.remove(&seq);
                kept.bytes -= memory.bytes();
                memory
            }
            None => Memory::default(),
        }
    }

    /// Keep a channel's tree, dropping the least recently used ones while
    /// the total is over budget (a tree larger than the budget is dropped).
    pub fn keep(&self, key: String, memory: Memory) {
        let size = memory.bytes();
        let mut kept = locked(&self.state);
        if let Some((old, seq)) = kept.by_key.remove(&key) {
            kept.order.remove(&seq);
            kept.bytes -= old.bytes();
        }
        if size > self.budget {
            return;
        }
        while kept.bytes + size > self.budget {
            let Some((_, oldest)) = kept.order.pop_first() else {
                break;
            };
            if let Some((dropped, _)) = kept.by_key.remove(&oldest) {
                kept.bytes -= dropped.bytes();
            }
        }
        let seq = kept.next;
        kept.next += 1;
        kept.order.insert(seq, key.clone());
        kept.bytes += size;
        kept.by_key.insert(key, (memory, seq));
    }

    /// Bytes held now, and how many trees.
    pub fn usage(&self) -> (usize, usize) {
        let kept = locked(&self.state);
        (kept.bytes, kept.by_key.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cairn_rules::sight::Sight;
    use cairn_rules::{Game, Options};

    fn memory_of(playouts: u32) -> Memory {
        let game = Sight::new(&Options::default()).unwrap();
        let mut memory = Memory::default();
        super::super::choose_with_memory(
            &game,
            super::super::Player::Mcts(playouts),
            std::time::Instant::now() + std::time::Duration::from_secs(5),
            1,
            &mut memory,
        );
        memory
    }

    #[test]
    fn oldest_trees_go_first_within_the_budget() {
        let one = memory_of(300);
        let size = one.bytes();
        assert!(size > 0);
        let memories = Memories::new(size * 2 + size / 2);
        memories.keep("a".into(), one);
        memories.keep("b".into(), memory_of(300));
        // Using `a` makes `b` the oldest.
        let a = memories.take("a");
        memories.keep("a".into(), a);
        memories.keep("c".into(), memory_of(300));
        let (bytes, count) = memories.usage();
        assert!(bytes <= size * 2 + size / 2, "{bytes}");
        assert_eq!(count, 2);
        assert_eq!(memories.take("b").bytes(), 0, "b was the oldest");
        assert!(memories.take("a").bytes() > 0);
    }

    #[test]
    fn extra_searches_wait_in_line_and_hear_their_place() {
        let workers = std::sync::Arc::new(Workers::new(1));
        let first = workers.acquire(|_| panic!("the first search does not wait"));
        let (tx, rx) = std::sync::mpsc::channel();
        let waiter = {
            let workers = workers.clone();
            std::thread::spawn(move || {
                let _permit = workers.acquire(|ahead| tx.send(ahead).unwrap());
            })
        };
        assert_eq!(rx.recv().unwrap(), 1, "one search runs ahead of it");
        drop(first);
        waiter.join().unwrap();
    }
}
