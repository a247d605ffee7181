//! Noctiluca Table: the rules engine, bots, command-line tools and desktop app for the board
//! game Noctiluca.

/// The bots (the `noctiluca-ai` crate, in src/ai).
pub use noctiluca_ai as ai;
/// The rules (the `noctiluca-engine` crate, in src/engine).
pub use noctiluca_engine as engine;
/// Playing with friends over the network (the `noctiluca-net` crate, in src/net).
pub use noctiluca_net as net;

pub mod app;
pub mod cli;
pub mod history;
pub mod i18n;
pub mod paths;
pub mod seeder;
pub mod words;
