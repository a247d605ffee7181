//! `noctiluca seed`: a pool layout to copy onto the board, as text and optionally a PNG.

use crate::seeder::{Detail, FULL_SUPPLY, Layout, SeedCode, parse_supply, png};

#[derive(clap::Args, Debug)]
pub struct SeedArgs {
    /// A seed code such as K7M2-QX9P-6 (its last character, a check, may be left out; default: a
    /// new random one)
    #[arg(long, value_name = "CODE")]
    pub code: Option<String>,
    /// Lay out a round-2 refill from the dice counted in the box lid: orange,green,purple,blue
    #[arg(long, value_name = "O,G,P,B", allow_hyphen_values = true)]
    pub supply: Option<String>,
    /// Place colours only, without the faces
    #[arg(long)]
    pub colours_only: bool,
    /// Also write a printable image to this file
    #[arg(long, value_name = "FILE")]
    pub png: Option<String>,
    /// Replace the --png file if it is already there
    #[arg(long, requires = "png")]
    pub force: bool,
}

pub fn run(a: &SeedArgs) -> Result<(), String> {
    let code = match a.code.as_deref() {
        Some(c) => SeedCode::parse(c).map_err(|e| format!("--code: {e}"))?,
        None => SeedCode::random(),
    };
    let supply = match a.supply.as_deref() {
        Some(s) => parse_supply(s).map_err(|e| format!("--supply: {e}"))?,
        None => FULL_SUPPLY,
    };
    if supply == [0; 4] {
        return Err(
            "--supply 0,0,0,0: the box lid holds no dice, so there is nothing to lay out".into(),
        );
    }
    let detail = if a.colours_only {
        Detail::ColoursOnly
    } else {
        Detail::ColoursAndFaces
    };
    // Checked before anything is printed.
    if a.png.as_deref() == Some("-") {
        return Err(
            "--png -: the layout is printed on the standard output; give the PNG a file name"
                .into(),
        );
    }
    a.png
        .as_deref()
        .map(|p| super::output_file(p, a.force))
        .transpose()?;
    let layout = Layout::generate(code, supply);
    // The picture first: a place it cannot be written fails the command before anything is
    // printed (the layout had been printed, then the command failed).
    if let Some(path) = a.png.as_deref() {
        let bytes = png::to_png(&layout, detail)?;
        super::write_output(path, &bytes, a.force)?;
    }
    print!("{}", layout.to_text(detail));
    if let Some(path) = a.png.as_deref() {
        println!("PNG written to {path}");
    }
    Ok(())
}
