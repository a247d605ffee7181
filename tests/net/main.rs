//! The network crate's tests: hosts and clients in this process, on the loopback interface
//! only, every wait bounded.

mod auto;
mod chat;
mod common;
mod faults;
mod filter;
mod game;
mod sessions;
