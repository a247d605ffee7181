//! Running a bot's decision on a worker thread, for the window: the UI polls the job and can
//! cancel it (a new game, closing the window) and the search stops within milliseconds.

use super::Bot;
use crate::engine::{Action, Observation};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// One decision being made on another thread. The bot comes back with the answer so it keeps
/// its state (and random generator) for the next decision.
pub struct SearchJob {
    cancel: Arc<AtomicBool>,
    handle: Option<JoinHandle<(Box<dyn Bot>, Action)>>,
}

impl SearchJob {
    /// Starts `bot` deciding for the observation's seat. `legal` must not be empty.
    pub fn spawn(bot: Box<dyn Bot>, obs: Observation, legal: Vec<Action>) -> SearchJob {
        SearchJob::spawn_with(bot, obs, legal, || {})
    }

    /// The same, running `first` on the worker thread before it starts: a window lowers the
    /// thread's priority there, so that the search (and the threads it starts, which inherit
    /// the priority) leaves the window's thread the time it needs to draw every frame.
    pub fn spawn_with(
        mut bot: Box<dyn Bot>,
        obs: Observation,
        legal: Vec<Action>,
        first: fn(),
    ) -> SearchJob {
        let cancel = Arc::new(AtomicBool::new(false));
        bot.set_cancel(Arc::clone(&cancel));
        let handle = std::thread::Builder::new()
            .name("noctiluca-bot".into())
            .spawn(move || {
                first();
                let a = bot.choose(&obs, &legal);
                (bot, a)
            })
            .expect("spawn a bot thread");
        SearchJob {
            cancel,
            handle: Some(handle),
        }
    }

    /// Asks the search to stop; `join` then returns promptly with the best move found so far.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_finished(&self) -> bool {
        self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    /// Waits for the answer. `None` if the bot panicked or the answer was already taken.
    pub fn join(&mut self) -> Option<(Box<dyn Bot>, Action)> {
        self.handle.take()?.join().ok()
    }

    /// The answer if it is ready, without waiting.
    pub fn try_take(&mut self) -> Option<(Box<dyn Bot>, Action)> {
        if self.handle.as_ref().is_some_and(|h| h.is_finished()) {
            self.join()
        } else {
            None
        }
    }
}

impl Drop for SearchJob {
    /// Dropping a job (closing the window) cancels it; the thread ends by itself.
    fn drop(&mut self) {
        self.cancel();
    }
}
