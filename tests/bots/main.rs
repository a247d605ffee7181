//! The bots' tests, and logs from outside played back against the engine (the bots make the
//! logs). They link the engine and the bots, no window crate.

mod advice;
mod bots;
mod logs;
mod stored_logs;
