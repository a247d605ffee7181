//! The pool: 19 pointy-top hexes in axial coordinates, the island at the centre, 6 inner and
//! 12 outer spaces, and 12 shores with their two straight paths. Everything here is derived
//! from hex geometry; `tests` hold the result against SPEC.md's table.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// Index of a space: 0..6 are I1..I6, 6..18 are O1..O12.
pub type SpaceId = u8;
/// Index of a shore: 0..12 are S1..S12.
pub type ShoreId = u8;

pub const SPACE_COUNT: usize = 18;
pub const SHORE_COUNT: usize = 12;
pub const INNER_CAPACITY: u8 = 4;
pub const OUTER_CAPACITY: u8 = 5;
/// Dice in a full pool: 6 × 4 + 12 × 5.
pub const FULL_POOL: u32 = 84;

/// Axial hex coordinate (q, r), pointy-top.
pub type Axial = (i32, i32);

const NEIGHBOURS: [Axial; 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

fn ring(h: Axial) -> i32 {
    let (q, r) = h;
    let s = -q - r;
    q.abs().max(r.abs()).max(s.abs())
}

/// Pixel-space position of a hex centre (unit size, y grows downwards).
pub fn axial_to_xy(h: Axial) -> (f64, f64) {
    let (q, r) = h;
    (3f64.sqrt() * (q as f64 + r as f64 / 2.0), 1.5 * r as f64)
}

/// Angle clockwise from north, in [0, 2π).
fn clockwise_angle(h: Axial) -> f64 {
    let (x, y) = axial_to_xy(h);
    let a = x.atan2(-y);
    if a < -1e-9 {
        a + std::f64::consts::TAU
    } else {
        a.max(0.0)
    }
}

/// Where a space lies round the island, clockwise from north, in steps of 30°: the outer
/// spaces O1..O12 are 0..11, the inner spaces I1..I6 the odd steps 1, 3, … 11.
pub fn clock_step(space: SpaceId) -> u8 {
    static STEPS: OnceLock<[u8; SPACE_COUNT]> = OnceLock::new();
    STEPS.get_or_init(|| {
        std::array::from_fn(|s| {
            let a = clockwise_angle(board().space_axial[s]);
            ((a / (std::f64::consts::PI / 6.0)).round() as u32 % 12) as u8
        })
    })[space as usize]
}

/// Which of a shore's two paths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PathKind {
    /// 3 spaces, along the pool's edge.
    Short,
    /// 4 spaces, through the inner ring.
    Long,
}

impl PathKind {
    pub const ALL: [PathKind; 2] = [PathKind::Short, PathKind::Long];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            PathKind::Short => "short",
            PathKind::Long => "long",
        }
    }
}

impl fmt::Display for PathKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A straight run of spaces starting next to a shore.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Path {
    pub spaces: [SpaceId; 4],
    pub len: u8,
    /// Bit i set when space i is on the path.
    pub mask: u32,
}

impl Path {
    pub fn spaces(&self) -> &[SpaceId] {
        &self.spaces[..self.len as usize]
    }
}

#[derive(Debug)]
pub struct Board {
    pub space_axial: [Axial; SPACE_COUNT],
    pub shore_axial: [Axial; SHORE_COUNT],
    /// paths[shore][PathKind::index()]
    pub paths: [[Path; 2]; SHORE_COUNT],
}

static BOARD: OnceLock<Board> = OnceLock::new();

/// The pool's topology, derived once.
pub fn board() -> &'static Board {
    BOARD.get_or_init(derive_board)
}

fn derive_board() -> Board {
    let mut inner: Vec<Axial> = Vec::new();
    let mut outer: Vec<Axial> = Vec::new();
    let mut ring3: Vec<Axial> = Vec::new();
    for q in -3..=3 {
        for r in -3..=3 {
            match ring((q, r)) {
                1 => inner.push((q, r)),
                2 => outer.push((q, r)),
                3 => ring3.push((q, r)),
                _ => {}
            }
        }
    }
    let by_angle = |v: &mut Vec<Axial>| {
        v.sort_by(|a, b| clockwise_angle(*a).total_cmp(&clockwise_angle(*b)));
    };
    by_angle(&mut inner);
    by_angle(&mut outer);
    let mut space_axial = [(0, 0); SPACE_COUNT];
    for (i, h) in inner.iter().chain(outer.iter()).enumerate() {
        space_axial[i] = *h;
    }
    let space_of =
        |h: Axial| -> Option<SpaceId> { space_axial.iter().position(|s| *s == h).map(|i| i as u8) };

    // A shore is a ring-3 position touching exactly two outer spaces.
    let mut shores: Vec<Axial> = ring3
        .into_iter()
        .filter(|&(q, r)| {
            NEIGHBOURS
                .iter()
                .filter(|(dq, dr)| ring((q + dq, r + dr)) == 2)
                .count()
                == 2
        })
        .collect();
    by_angle(&mut shores);
    assert_eq!(shores.len(), SHORE_COUNT, "hex geometry gives 12 shores");

    let empty = Path {
        spaces: [0; 4],
        len: 0,
        mask: 0,
    };
    let mut paths = [[empty; 2]; SHORE_COUNT];
    let mut shore_axial = [(0, 0); SHORE_COUNT];
    for (si, &(q, r)) in shores.iter().enumerate() {
        shore_axial[si] = (q, r);
        for &(dq, dr) in NEIGHBOURS.iter() {
            if ring((q + dq, r + dr)) != 2 {
                continue;
            }
            let mut p = empty;
            let mut h = (q + dq, r + dr);
            while ring(h) <= 2 {
                let sp = space_of(h).expect("a path never crosses the island");
                p.spaces[p.len as usize] = sp;
                p.len += 1;
                p.mask |= 1 << sp;
                h = (h.0 + dq, h.1 + dr);
            }
            let kind = if p.len == 3 {
                PathKind::Short
            } else {
                PathKind::Long
            };
            paths[si][kind.index()] = p;
        }
    }
    Board {
        space_axial,
        shore_axial,
        paths,
    }
}

impl Board {
    pub fn path(&self, shore: ShoreId, kind: PathKind) -> &Path {
        &self.paths[shore as usize][kind.index()]
    }
}

impl Board {
    /// The most dice one dive can collect: those of the fullest path, every space on it full.
    pub fn most_dice_in_a_dive(&self) -> u32 {
        self.paths
            .iter()
            .flatten()
            .map(|p| p.spaces().iter().map(|&s| capacity(s) as u32).sum::<u32>())
            .max()
            .unwrap_or(0)
    }
}

pub fn is_inner(space: SpaceId) -> bool {
    space < 6
}

pub fn capacity(space: SpaceId) -> u8 {
    if is_inner(space) {
        INNER_CAPACITY
    } else {
        OUTER_CAPACITY
    }
}

/// "I1".."I6", "O1".."O12" (the same in every language); an id off the board reads "#19".
pub fn space_name(space: SpaceId) -> String {
    if is_inner(space) {
        format!("I{}", space + 1)
    } else if (space as usize) < SPACE_COUNT {
        format!("O{}", space - 5)
    } else {
        format!("#{space}")
    }
}

pub fn parse_space(s: &str) -> Option<SpaceId> {
    let s = s.trim();
    let (kind, num) = s.split_at(s.char_indices().nth(1)?.0);
    let n: u8 = num.parse().ok()?;
    match kind {
        "I" | "i" if (1..=6).contains(&n) => Some(n - 1),
        "O" | "o" if (1..=12).contains(&n) => Some(n + 5),
        _ => None,
    }
}

/// "S1".."S12".
pub fn shore_name(shore: ShoreId) -> String {
    format!("S{}", shore as u32 + 1)
}

pub fn parse_shore(s: &str) -> Option<ShoreId> {
    let s = s.trim();
    let rest = s.strip_prefix('S').or_else(|| s.strip_prefix('s'))?;
    let n: u8 = rest.parse().ok()?;
    if (1..=12).contains(&n) {
        Some(n - 1)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SPEC.md §2, verbatim.
    const SPEC_TABLE: &str = "
S1 | (2,-3) | O2 O3 O4 | O1 I6 I5 O9
S2 | (3,-2) | O2 O1 O12 | O3 I2 I3 O7
S3 | (3,-1) | O4 O5 O6 | O3 I1 I6 O11
S4 | (2,1) | O4 O3 O2 | O5 I3 I4 O9
S5 | (1,2) | O6 O7 O8 | O5 I2 I1 O1
S6 | (-1,3) | O6 O5 O4 | O7 I4 I5 O11
S7 | (-2,3) | O8 O9 O10 | O7 I3 I2 O3
S8 | (-3,2) | O8 O7 O6 | O9 I5 I6 O1
S9 | (-3,1) | O10 O11 O12 | O9 I4 I3 O5
S10 | (-2,-1) | O10 O9 O8 | O11 I6 I1 O3
S11 | (-1,-2) | O12 O1 O2 | O11 I5 I4 O7
S12 | (1,-3) | O12 O11 O10 | O1 I1 I2 O5";

    const SPEC_SPACES: &str = "I1 (1,-1), I2 (1,0), I3 (0,1), I4 (-1,1), I5 (-1,0), I6 (0,-1), \
        O1 (1,-2), O2 (2,-2), O3 (2,-1), O4 (2,0), O5 (1,1), O6 (0,2), O7 (-1,2), O8 (-2,2), \
        O9 (-2,1), O10 (-2,0), O11 (-1,-1), O12 (0,-2)";

    fn parse_axial(s: &str) -> Axial {
        let inner = s.trim().trim_start_matches('(').trim_end_matches(')');
        let mut it = inner.split(',').map(|v| v.trim().parse::<i32>().unwrap());
        (it.next().unwrap(), it.next().unwrap())
    }

    #[test]
    fn spaces_match_spec_coordinates() {
        let b = board();
        for entry in SPEC_SPACES.split("), ") {
            let (name, coord) = entry.split_once(' ').unwrap();
            let id = parse_space(name).unwrap();
            assert_eq!(b.space_axial[id as usize], parse_axial(coord), "{name}");
            assert_eq!(space_name(id), name);
        }
    }

    #[test]
    fn derived_shores_and_paths_match_spec_table() {
        let b = board();
        let rows: Vec<&str> = SPEC_TABLE.trim().lines().collect();
        assert_eq!(rows.len(), 12);
        for row in rows {
            let cols: Vec<&str> = row.split('|').map(str::trim).collect();
            let shore = parse_shore(cols[0]).unwrap();
            assert_eq!(
                b.shore_axial[shore as usize],
                parse_axial(cols[1]),
                "{}",
                cols[0]
            );
            for (kind, col) in [(PathKind::Short, cols[2]), (PathKind::Long, cols[3])] {
                let want: Vec<SpaceId> = col
                    .split_whitespace()
                    .map(|s| parse_space(s).unwrap())
                    .collect();
                assert_eq!(
                    b.path(shore, kind).spaces(),
                    &want[..],
                    "{} {kind}",
                    cols[0]
                );
            }
        }
    }

    #[test]
    fn paths_cover_twelve_lines_each_from_both_ends() {
        let b = board();
        let mut masks: Vec<u32> = b.paths.iter().flatten().map(|p| p.mask).collect();
        masks.sort();
        masks.dedup();
        assert_eq!(masks.len(), 12);
        for p in b.paths.iter().flatten() {
            let ends = b
                .paths
                .iter()
                .flatten()
                .filter(|o| o.mask == p.mask)
                .count();
            assert_eq!(ends, 2);
        }
        // Every space lies on exactly two of the 12 lines? Inner and outer spaces differ:
        // count lines per space and check total incidences.
        let incidences: u32 = masks.iter().map(|m| m.count_ones()).sum();
        assert_eq!(incidences, 6 * 3 + 6 * 4);
    }

    #[test]
    fn capacities_make_84() {
        let total: u32 = (0..SPACE_COUNT as u8).map(|s| capacity(s) as u32).sum();
        assert_eq!(total, FULL_POOL);
    }

    #[test]
    fn names_round_trip_and_reject_garbage() {
        for s in 0..SPACE_COUNT as u8 {
            assert_eq!(parse_space(&space_name(s)), Some(s));
        }
        for s in 0..SHORE_COUNT as u8 {
            assert_eq!(parse_shore(&shore_name(s)), Some(s));
        }
        for bad in ["", "I", "I0", "I7", "O13", "X1", "S0", "S13", "é1", "O-1"] {
            assert_eq!(parse_space(bad), None, "{bad}");
            assert_eq!(parse_shore(bad), None, "{bad}");
        }
    }
}
