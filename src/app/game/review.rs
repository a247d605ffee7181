//! The post-game review: Hard looks over the finished game from each human seat's point of
//! view (its observation at each decision) on worker threads, with progress and Cancel, and
//! finds the decisions that cost the most. The replay viewer jumps to any of them.

use super::*;
use crate::ai::advice::{self, AdviceLimits, Progress, Review};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

/// A review being worked out, or done.
pub enum ReviewState {
    Working {
        progress: Arc<Progress>,
        cancel: Arc<AtomicBool>,
        handle: Option<JoinHandle<Option<Review>>>,
    },
    Done(Review),
    /// The log could not be reviewed (it does not replay).
    Failed,
}

impl Drop for ReviewState {
    fn drop(&mut self) {
        if let ReviewState::Working { cancel, .. } = self {
            cancel.store(true, Ordering::Relaxed);
        }
    }
}

impl ReviewState {
    /// (decisions judged so far, decisions to judge).
    pub fn progress(&self) -> Option<(usize, usize)> {
        match self {
            ReviewState::Working { progress, .. } => Some((
                progress.done.load(Ordering::Relaxed),
                progress.total.load(Ordering::Relaxed),
            )),
            _ => None,
        }
    }
}

impl Game {
    /// The seats a review looks at: the humans (every seat when all are bots, as in a log
    /// opened from elsewhere whose seats are all shown as people); online, this window's.
    pub fn reviewed_seats(&self) -> Vec<Seat> {
        // Online, the seat at this window only: another person's decisions would show what
        // they kept secret (the jar set aside in the draft).
        if self.online.is_some()
            && let Some(me) = self.viewer
        {
            return vec![me];
        }
        let humans: Vec<Seat> = (0..self.seats.len() as Seat)
            .filter(|&s| self.is_human(s))
            .collect();
        if humans.is_empty() {
            (0..self.seats.len() as Seat).collect()
        } else {
            humans
        }
    }

    /// Starts reviewing the game on worker threads.
    pub fn start_review(&mut self) {
        if matches!(self.review, Some(ReviewState::Working { .. })) {
            return;
        }
        let record = self.m.to_record();
        let seats = self.reviewed_seats();
        // The hints given, with the move each advised: the review does not contradict them.
        let hinted: Vec<(usize, Action)> = self
            .hints
            .taken
            .iter()
            .filter_map(|t| Some((t.at, t.action?)))
            .collect();
        let progress = Arc::new(Progress::default());
        let cancel = Arc::new(AtomicBool::new(false));
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let (p, c) = (Arc::clone(&progress), Arc::clone(&cancel));
        let handle = std::thread::Builder::new()
            .name("noctiluca-review".into())
            .spawn(move || {
                advice::review(
                    &record,
                    &seats,
                    &hinted,
                    AdviceLimits::REVIEW,
                    threads,
                    &p,
                    &c,
                )
            })
            .ok();
        self.review = Some(match handle {
            Some(h) => ReviewState::Working {
                progress,
                cancel,
                handle: Some(h),
            },
            None => ReviewState::Failed,
        });
    }

    /// Stops a review under way (nothing is kept).
    pub fn cancel_review(&mut self) {
        if matches!(self.review, Some(ReviewState::Working { .. })) {
            self.review = None;
        }
    }

    /// Picks up a finished review. Returns whether it changed.
    pub fn poll_review(&mut self) -> bool {
        let Some(ReviewState::Working { handle, cancel, .. }) = &mut self.review else {
            return false;
        };
        if !handle.as_ref().is_some_and(|h| h.is_finished()) {
            return false;
        }
        let cancelled = cancel.load(Ordering::Relaxed);
        let result = handle.take().and_then(|h| h.join().ok()).flatten();
        self.review = match result {
            Some(r) => Some(ReviewState::Done(r)),
            None if cancelled => None,
            None => Some(ReviewState::Failed),
        };
        true
    }

    /// Waits for the review under way (tests; the window polls instead).
    pub fn wait_for_review(&mut self) {
        if let Some(ReviewState::Working { handle, .. }) = &mut self.review
            && let Some(h) = handle.take()
        {
            self.review = Some(match h.join().ok().flatten() {
                Some(r) => ReviewState::Done(r),
                None => ReviewState::Failed,
            });
        }
    }

    /// Opens the replay at the moment before log entry `entry` (1-based) was played.
    /// `replay_at_entry`, with the decision played there and the better one drawn on the
    /// board while the replay stands at that moment.
    pub fn replay_at_moment(&mut self, entry: usize, played: Action, better: Action) {
        self.replay_at_entry(entry);
        if let Some(r) = &mut self.replay {
            r.moment = Some(super::Moment {
                at: r.at,
                played,
                better,
            });
        }
    }

    pub fn replay_at_entry(&mut self, entry: usize) {
        if self.replay.is_none() {
            self.start_replay();
        }
        let Some(r) = &self.replay else { return };
        let before = entry.saturating_sub(1);
        let step = r
            .steps
            .iter()
            .position(|&n| n >= before)
            .unwrap_or(r.steps.len().saturating_sub(1));
        self.replay_to(step);
        if let Some(r) = &mut self.replay {
            r.reveal = true;
        }
    }
}
