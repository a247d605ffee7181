//! `noctiluca seed`: a pool layout to copy onto the board, as text and optionally a PNG.

use super::Args;
use crate::seeder::{Detail, FULL_SUPPLY, Layout, SeedCode, parse_supply, png};

pub fn run(a: &Args) -> Result<(), String> {
    a.only(&["code", "supply", "png", "colours-only"])?;
    let code = match a.get("code") {
        Some(c) => SeedCode::parse(c).map_err(|e| format!("--code: {e}"))?,
        None => SeedCode::random(),
    };
    let supply = match a.get("supply") {
        Some(s) => parse_supply(s).map_err(|e| format!("--supply: {e}"))?,
        None => FULL_SUPPLY,
    };
    let detail = if a.has("colours-only") {
        Detail::ColoursOnly
    } else {
        Detail::ColoursAndFaces
    };
    let layout = Layout::generate(code, supply);
    print!("{}", layout.to_text(detail));
    if let Some(path) = a.get("png") {
        let bytes = png::to_png(&layout, detail)?;
        crate::paths::write_atomic(std::path::Path::new(path), &bytes)
            .map_err(|e| format!("{path}: {e}"))?;
        println!("PNG written to {path}");
    }
    Ok(())
}
