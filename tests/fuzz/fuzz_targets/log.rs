//! The game-log reader and replay: no panic, an accepted log round-trips.
#![no_main]

#[path = "../../common/readers.rs"]
mod readers;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        readers::check_log(text);
    }
});
