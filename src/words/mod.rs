//! The front ends' words for what the engine returns as data: rule errors, replay problems,
//! what the game waits for. Worded in the calling thread's language (`crate::i18n`), at the
//! moment they are shown, so a language switch re-words them.

mod data;
mod errors;
mod log;
mod names;
mod scoring;
mod solo;

pub use data::ComponentWords;
pub use errors::{actor, waiting};
pub use log::{ActionWords, EventWords, lap_words};
pub use names::{Label, describe_counts, join_list, letter_label, list_more, space_dice};
pub use scoring::{MajorityWords, describe as describe_score, join_names, player_name};
pub use solo::{SoloEventWords, solo_turn};
