//! The headless commands, run as a user runs them: the binary itself, in a child process.

mod arena;
mod commands;
mod dates;
mod entries;
mod history;
mod history_import;
mod hostile;
mod interrupt;
mod json;
mod net;
mod people;
mod scoring;
mod scratch;
