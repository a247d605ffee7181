//! Noctiluca Table: the rules engine, bots, command-line tools and desktop app for the board
//! game Noctiluca.

pub mod ai;
pub mod app;
pub mod cli;
pub mod engine;
pub mod i18n;
pub mod paths;
pub mod seeder;
pub mod words;
