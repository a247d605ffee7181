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
    /// returned is for the player: a kept file that did not read (moved aside, not written
    /// over), or a path that cannot be used (nothing is kept this run).
    pub fn keep_in(&mut self, path: PathBuf) -> Option<crate::i18n::Said> {
        let found = crate::app::state_file::load(
            &path,
            crate::i18n::n("The board layout kept from last time"),
            |text| {
                let kept = ron::from_str::<Kept>(text).map_err(|e| crate::words::ron_error(&e))?;
                let layout = kept.layout()?;
                Ok((kept, layout))
            },
        );
        if let Some((kept, layout)) = found.value {
            if layout.is_refill() {
                self.lid = kept.supply.map(|n| n.to_string());
            }
            self.code_text = layout.code.to_string();
            self.layout = layout;
            self.guide = kept.guide;
            if kept.colours_only {
                self.detail = Detail::ColoursOnly;
            }
            self.kept = Some(kept);
        } else {
            // The layout first shown is kept too, before anything is done to it (someone
            // copying it onto the board may close the app next).
            self.kept = None;
        }
        self.keep = found.keep_saving.then_some(path);
        found.notice
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
