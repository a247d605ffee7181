//! The component-data readers (jar deck, token stacks, solo board, whole set): the first byte
//! picks the reader; no panic, an accepted file round-trips.
#![no_main]

#[path = "../../common/readers.rs"]
mod readers;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some((&kind, rest)) = data.split_first()
        && let Ok(text) = std::str::from_utf8(rest)
    {
        readers::check_components(kind, text);
    }
});
