//! The layout on the screen, kept from one run to the next: someone halfway through laying out
//! the board finds it again after closing the app. Only what makes the layout is kept (its
//! code, the dice it was drawn from, the placing guide's space, the detail); the layout itself
//! is drawn again from them.

use super::{SeederScreen, Status};
use crate::engine::types::ColourCounts;
use crate::i18n::Said;
use crate::seeder::{Detail, FULL_SUPPLY, Layout, SeedCode};
use crate::trf;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The file in the data folder.
pub const KEEP_FILE: &str = "seeder-layout.ron";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Kept {
    code: String,
    /// The dice the layout was drawn from: a full set, or a refill's box-lid counts.
    supply: ColourCounts,
    /// The placing guide's space, when the guide is open.
    guide: Option<u8>,
    colours_only: bool,
}

impl Kept {
    /// A layout from the file, or what is wrong with it (another program's file, a hand edit).
    fn layout(&self) -> Result<Layout, String> {
        let code = SeedCode::parse(&self.code).map_err(|e| e.to_string())?;
        if self
            .supply
            .iter()
            .zip(FULL_SUPPLY)
            .any(|(&n, full)| n > full)
            || self.supply == [0; 4]
        {
            return Err(trf!(
                "{counts} is not a number of dice per colour",
                counts = format!("{:?}", self.supply)
            ));
        }
        if self
            .guide
            .is_some_and(|g| g as usize >= crate::engine::board::SPACE_COUNT)
        {
            return Err(trf!(
                "there is no space number {number}",
                number = self.guide.unwrap_or(0) + 1
            ));
        }
        Ok(Layout::generate(code, self.supply))
    }
}

impl SeederScreen {
    fn kept_now(&self) -> Kept {
        Kept {
            code: self.layout.code.to_string(),
            supply: self.layout.supply,
            guide: self.guide,
            colours_only: self.detail == Detail::ColoursOnly,
        }
    }

    /// Keeps the layout in `path` from now on, and shows the one kept there last time. What is
    /// returned is for the player: a kept file that did not read (moved aside, not written over).
    pub fn keep_in(&mut self, path: PathBuf) -> Option<String> {
        let read = crate::engine::files::read_text(&path, 4096);
        let found = match read {
            Ok(text) => ron::from_str::<Kept>(&text)
                .map_err(|e| crate::words::ron_error(&e))
                .and_then(|k| k.layout().map(|l| (k, l))),
            // Nothing kept yet (or nothing readable there: said by the next write).
            Err(_) => {
                self.kept = Some(self.kept_now());
                self.keep = Some(path);
                return None;
            }
        };
        let said = match found {
            Ok((kept, layout)) => {
                if layout.is_refill() {
                    self.lid = kept.supply.map(|n| n.to_string());
                }
                self.code_text = layout.code.to_string();
                self.layout = layout;
                self.guide = kept.guide;
                if kept.colours_only {
                    self.detail = Detail::ColoursOnly;
                }
                None
            }
            Err(problem) => match crate::paths::move_aside(&path, "broken") {
                Ok(aside) => Some(trf!(
                    "The board layout kept from last time did not read ({problem}); it is kept as {file}, and the seeder starts with a new layout.",
                    problem,
                    file = aside.display()
                )),
                Err(_) => {
                    return Some(trf!(
                        "The board layout kept from last time did not read ({problem}), and {file} could not be moved aside: the seeder keeps nothing this run.",
                        problem,
                        file = path.display()
                    ));
                }
            },
        };
        self.kept = Some(self.kept_now());
        self.keep = Some(path);
        said
    }

    /// Writes the layout to its file when it has changed since it was last kept. A failure is
    /// said once, under the layout, and not tried again until the layout changes.
    pub(super) fn keep_layout(&mut self) {
        let Some(path) = &self.keep else {
            return;
        };
        let now = self.kept_now();
        if self.kept.as_ref() == Some(&now) {
            return;
        }
        let text =
            ron::ser::to_string_pretty(&now, ron::ser::PrettyConfig::default()).unwrap_or_default();
        if let Err(e) = crate::engine::files::write_atomic(path, text.as_bytes()) {
            let (file, kind) = (path.clone(), e.kind());
            self.status = Some(Status::NotKept(Said::new(move || {
                trf!(
                    "The layout could not be kept in {file} ({error}) for the next time the app opens.",
                    file = file.display(),
                    error = crate::words::io_error(kind)
                )
            })));
        }
        self.kept = Some(now);
    }
}
