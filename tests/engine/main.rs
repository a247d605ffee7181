//! The rules engine's tests: scenarios from hand-built states, one or more per numbered rule
//! of SPEC.md, and random-playout invariants. They link the engine alone, no window crate.

#[path = "../common/mod.rs"]
mod common;

mod companion;
mod component_set;
mod pass;
mod playout;
mod readers;
mod rounds_solo;
mod rules;
mod solo_board;
mod undo;
