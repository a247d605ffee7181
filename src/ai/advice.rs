//! Advice for a player: a hint for the decision in front of them and a review of a finished
//! game. Both read only the deciding seat's `Observation`, so hidden information never shapes
//! them, and both are deterministic for a seed.
//!
//! Hard's search proposes a move; what it and the other likely moves are worth is estimated in
//! points by playing on from each (the same determinizations and chance draws for every move
//! compared), and the best estimate is the advice, so "what it costs" is a number of points a
//! player can weigh. A move counts as better than another only by what the play-outs show
//! clearly, beyond their own spread.

use super::Bot;
use super::heuristic::margin;
use super::mcts::{HardBot, SearchLimits};
use super::policy::{Scratch, candidates, greedy_action};
use crate::engine::dive::DiveYield;
use crate::engine::{
    Action, Actor, CardId, ColourCounts, DiceColour, GameRecord, GameState, JarColour, Observation,
    Outcome, Seat, ToAct,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// How much work one judgement may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdviceLimits {
    /// Iterations of Hard's search that picks the move.
    pub search: u32,
    /// Determinizations each compared move is played on from.
    pub samples: u32,
    /// Dives played on (greedily, by every seat) before the position is judged.
    pub horizon: u32,
    /// Moves compared besides the chosen and the player's (the best few by Normal's ranking).
    pub compare: usize,
    /// A review's costliest mistakes are judged again as a hint judges ([`AdviceLimits::HINT`],
    /// with [`hint_seed`]), so that a review never calls a mistake the move a hint at that
    /// decision advises, nor names another better move than the hint does.
    pub recheck: bool,
}

impl AdviceLimits {
    /// A hint in the window: well under a second on two cores (the search's iterations are
    /// about a tenth of a Hard move's second, where its play has stopped improving much).
    pub const HINT: AdviceLimits = AdviceLimits {
        search: 20_000,
        samples: 384,
        horizon: 8,
        compare: 6,
        recheck: false,
    };
    /// One decision of a review (a whole game is a few dozen of these per seat; a review of
    /// a 4-player game stays within a few seconds on two cores).
    pub const REVIEW: AdviceLimits = AdviceLimits {
        search: 4000,
        samples: 160,
        horizon: 6,
        compare: 4,
        recheck: true,
    };
}

/// The seed of the hint at a decision: the game's seed (0 for a game without one) with the
/// log's length there. The window's hint, `noctiluca hint --at` and a review's second look at a
/// mistake all search with it, so they advise the same move.
pub fn hint_seed(game_seed: Option<u64>, at: usize) -> u64 {
    game_seed.unwrap_or(0) ^ at as u64
}

/// Mistakes judged again at a hint's size (see [`AdviceLimits::recheck`]): the costliest few
/// and this many more, since some of them fall away.
const RECHECK_SPARE: usize = 3;

/// Jar slot `slot` fills up and is delivered, taking the token `token` from `colour`'s stack
/// (0 when the stack is empty).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fill {
    pub slot: u8,
    pub colour: JarColour,
    pub token: u8,
}

/// Why a move is good, in facts a player can check on the table. Worded by the front ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// A dive: what it collects, what of it the diver stores, how many dice go round (in solo,
    /// into the tempest: `to_tempest`), and the jars it fills.
    Dive {
        collected: ColourCounts,
        stored: ColourCounts,
        passed: u8,
        to_tempest: bool,
        fills: Vec<Fill>,
    },
    /// A die stored or taken into a jar, and the delivery it completes, if it does.
    Place {
        colour: DiceColour,
        slot: u8,
        jar: JarColour,
        fill: Option<Fill>,
        /// The jar's card, when the seat's other jar is of the same colour: "your brown jar"
        /// would not say which.
        twin: Option<CardId>,
    },
    /// Taking none of the passed dice.
    Decline,
    /// Which full jar to deliver first.
    Deliver { fill: Fill },
    /// The jar draft: the two cards kept; the jar colour they share, if they do (their tokens
    /// count toward one majority); and the seat's favourite colour with the spaces of it on the
    /// card set aside, when it has some (each a point on a delivered jar, given up).
    Draft {
        keep: Vec<CardId>,
        pair: Option<JarColour>,
        favourite_given_up: Option<(DiceColour, u8)>,
    },
    /// A new jar from a pile, or the solo card kept: with the spaces of the seat's favourite
    /// colour on it, and the jar colour it shares with the seat's other jar, if it does (both
    /// jars' tokens then count toward one majority).
    Card {
        card: CardId,
        favourite: Option<(DiceColour, u8)>,
        pair: Option<JarColour>,
    },
    /// A chance outcome (never advised).
    Chance,
}

/// One move and what it is estimated to be worth: the seat's final lead over the best other
/// seat (solo: the net score), in points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Appraisal {
    pub action: Action,
    pub points: f32,
}

/// A hint: the move Hard would make, why, and what it gains over the move the player had in
/// mind (if any).
#[derive(Clone, Debug, PartialEq)]
pub struct Hint {
    pub seat: Seat,
    pub action: Action,
    pub reason: Reason,
    /// Every move compared, best first (the hint's own move among them).
    pub compared: Vec<Appraisal>,
    /// The other moves compared that the play-outs cannot tell from the hint's: about as good.
    pub as_good: Vec<Action>,
    /// The player's intended move and the points the hint is estimated to gain over it (never
    /// below zero: a move as good as the hint's gains nothing).
    pub versus: Option<(Action, f32)>,
}

impl Hint {
    /// The estimate of the hinted move.
    pub fn points(&self) -> f32 {
        self.compared
            .iter()
            .find(|a| a.action == self.action)
            .map_or(0.0, |a| a.points)
    }
}

/// The hint for the seat to act in `obs` (which must be that seat's own observation), or
/// `None` when it is not a seat's decision or `cancel` was set.
pub fn hint(
    obs: &Observation,
    legal: &[Action],
    intended: Option<Action>,
    limits: AdviceLimits,
    seed: u64,
    cancel: &Arc<AtomicBool>,
) -> Option<Hint> {
    let seat = obs.own.as_ref()?.seat;
    if legal.is_empty() || obs.to_act != ToAct::Seat(seat) {
        return None;
    }
    let intended = intended.filter(|a| legal.contains(a));
    let chosen = if legal.len() == 1 {
        legal[0]
    } else {
        let mut bot = HardBot::new(
            seed,
            SearchLimits {
                iterations: limits.search,
                time: None,
            },
        );
        bot.set_cancel(Arc::clone(cancel));
        bot.choose(obs, legal)
    };
    if cancel.load(Ordering::Relaxed) {
        return None;
    }
    let mut moves = vec![chosen];
    moves.extend(intended);
    let compared = appraise(obs, legal, &moves, limits, seed, cancel)?;
    // The search proposes; the play-outs compare, and the hint is the move they put first,
    // so that its own list never shows another above it and a review, measuring by the same
    // play-outs, never counts following it as a loss.
    let chosen = compared.list.first().map_or(chosen, |a| a.action);
    let versus = intended.map(|a| (a, compared.clear_gain(chosen, a)));
    let as_good = (compared.moves.iter())
        .filter(|&&a| a != chosen && compared.clear_gain(chosen, a) == 0.0)
        .copied()
        .collect();
    Some(Hint {
        seat,
        action: chosen,
        reason: reason(obs, seat, &chosen),
        compared: compared.list,
        as_good,
        versus,
    })
}

/// Moves played on from the same determinizations: each one's mean (`list`, best first) and
/// what it scored in each determinization, for comparing two moves pair by pair.
struct Compared {
    list: Vec<Appraisal>,
    moves: Vec<Action>,
    /// `per_sample[k][i]`: what `moves[k]` scored in determinization `i`.
    per_sample: Vec<Vec<f32>>,
}

impl Compared {
    /// How many points `a` is estimated to gain over `b`, when the play-outs put it clearly
    /// ahead: the mean of the paired differences, if it is more than twice its standard
    /// error; otherwise 0 (the two are as good as the play-outs can tell, as a delivery order
    /// that changes nothing is).
    fn clear_gain(&self, a: Action, b: Action) -> f32 {
        let find = |x: Action| self.moves.iter().position(|&m| m == x);
        let (Some(i), Some(j)) = (find(a), find(b)) else {
            return 0.0;
        };
        let diffs: Vec<f64> = self.per_sample[i]
            .iter()
            .zip(&self.per_sample[j])
            .map(|(&x, &y)| x as f64 - y as f64)
            .collect();
        let n = diffs.len() as f64;
        if n < 2.0 || diffs.iter().any(|d| !d.is_finite()) {
            return 0.0;
        }
        let mean = diffs.iter().sum::<f64>() / n;
        let var = diffs.iter().map(|d| (d - mean) * (d - mean)).sum::<f64>() / (n - 1.0);
        let se = (var / n).sqrt();
        if mean > 2.0 * se { mean as f32 } else { 0.0 }
    }
}

/// Estimates `must` and the few best other legal moves by playing on from each, best first.
/// `None` when cancelled.
fn appraise(
    obs: &Observation,
    legal: &[Action],
    must: &[Action],
    limits: AdviceLimits,
    seed: u64,
    cancel: &Arc<AtomicBool>,
) -> Option<Compared> {
    let me = obs.own.as_ref().map_or(0, |o| o.seat);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x05ee_da11);
    let mut moves: Vec<Action> = Vec::new();
    for a in must
        .iter()
        .copied()
        .chain(candidates(obs, legal, &mut rng, limits.compare))
    {
        if !moves.contains(&a) && legal.contains(&a) {
            moves.push(a);
        }
    }
    let samples = limits.samples.max(1) as usize;
    let mut per_sample = vec![Vec::with_capacity(samples); moves.len()];
    let mut sc = Scratch::default();
    for sample in 0..samples {
        if cancel.load(Ordering::Relaxed) {
            return None;
        }
        let base = obs.determinize(&mut rng);
        let draws = seed.wrapping_mul(0x9e37_79b9).wrapping_add(sample as u64);
        for (k, a) in moves.iter().enumerate() {
            let mut s = base.clone();
            // The same chance draws and play after every move, so only the move differs.
            let mut play = ChaCha8Rng::seed_from_u64(draws);
            let v = if s.apply_quiet(a).is_err() {
                f32::MIN
            } else {
                play_on(&mut s, me, limits.horizon, &mut play, &mut sc)
            };
            per_sample[k].push(v);
        }
    }
    let n = samples as f32;
    let mut list: Vec<Appraisal> = moves
        .iter()
        .zip(&per_sample)
        .map(|(&action, v)| Appraisal {
            action,
            points: v.iter().sum::<f32>() / n,
        })
        .collect();
    list.sort_by(|a, b| b.points.total_cmp(&a.points));
    Some(Compared {
        list,
        moves,
        per_sample,
    })
}

/// Plays greedily for `horizon` more dives (or to the end) and judges `me`'s position in
/// points: the true result once the game is over, else the heuristic's estimate.
fn play_on(
    s: &mut GameState,
    me: Seat,
    horizon: u32,
    rng: &mut ChaCha8Rng,
    sc: &mut Scratch,
) -> f32 {
    let mut dives = 0;
    loop {
        match s.to_act() {
            ToAct::Nobody => break,
            ToAct::Chance => {
                s.play_chance(rng);
            }
            ToAct::Seat(seat) => {
                if s.decision() == crate::engine::Decision::Dive {
                    if dives >= horizon {
                        break;
                    }
                    dives += 1;
                }
                let a = greedy_action(s, seat, rng, 0.0, sc);
                if s.apply_quiet(&a).is_err() {
                    break;
                }
            }
        }
    }
    points(s, me)
}

/// `me`'s lead in points (solo: net score): exact when the game is over, estimated otherwise.
pub fn points(s: &GameState, me: Seat) -> f32 {
    if !s.is_over() {
        return margin(s, me);
    }
    let r = s.final_score();
    if let Outcome::Solo { net, .. } = r.outcome {
        return net as f32;
    }
    let mine = r.players[me as usize].total;
    let best_other = r
        .players
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != me as usize)
        .map(|(_, p)| p.total)
        .max()
        .unwrap_or(0);
    (mine - best_other) as f32
}

/// The facts behind `action` for `seat`, read from what the seat sees.
pub fn reason(obs: &Observation, seat: Seat, action: &Action) -> Reason {
    let Some(me) = obs.players.get(seat as usize) else {
        return Reason::Chance;
    };
    let next_token = |colour: JarColour, earlier: u8| -> u8 {
        let taken = obs.stack_taken[colour.index()] + earlier;
        obs.comps
            .tokens
            .stack(colour)
            .get(taken as usize)
            .copied()
            .unwrap_or(0)
    };
    let fill_of = |slot: u8, earlier: &[Fill]| -> Option<Fill> {
        let jar = me.jars.get(slot as usize).copied().flatten()?;
        let colour = obs.comps.card(jar.card).colour;
        let before = earlier.iter().filter(|f| f.colour == colour).count() as u8;
        Some(Fill {
            slot,
            colour,
            token: next_token(colour, before),
        })
    };
    match *action {
        Action::Dive {
            shore,
            path,
            number,
        } => {
            let y: DiveYield = obs
                .dive_options(seat)
                .into_iter()
                .find(|o| o.shore == shore && o.path == path && o.number == number)
                .map(|o| o.yields)
                .unwrap_or_default();
            // Which jars the stored dice can complete: try both orders of filling and keep
            // the one that completes more (then the richer one).
            let empty = |slot: usize| -> Option<ColourCounts> {
                me.jars[slot].map(|j| std::array::from_fn(|c| j.needs[c] - j.filled[c]))
            };
            let mut best: Vec<Fill> = Vec::new();
            for order in [[0usize, 1], [1, 0]] {
                let mut left = y.stored;
                let mut fills = Vec::new();
                for slot in order {
                    let Some(e) = empty(slot) else { continue };
                    if (0..4).all(|c| e[c] <= left[c]) {
                        for c in 0..4 {
                            left[c] -= e[c];
                        }
                        if let Some(f) = fill_of(slot as u8, &fills) {
                            fills.push(f);
                        }
                    }
                }
                let worth = |f: &[Fill]| (f.len(), f.iter().map(|x| x.token as u32).sum::<u32>());
                if worth(&fills) > worth(&best) {
                    best = fills;
                }
            }
            best.sort_by_key(|f| f.slot);
            Reason::Dive {
                collected: y.collected,
                stored: y.stored,
                passed: y.passed_total(),
                to_tempest: obs.players.len() == 1,
                fills: best,
            }
        }
        Action::Store { colour, slot } | Action::Take { colour, slot } => {
            let Some(jar) = me.jars.get(slot as usize).copied().flatten() else {
                return Reason::Chance;
            };
            let empty: u8 = (0..4).map(|c| jar.needs[c] - jar.filled[c]).sum();
            let colour_of = |card| obs.comps.card(card).colour;
            let twin = me
                .jars
                .iter()
                .enumerate()
                .any(|(k, other)| {
                    k != slot as usize
                        && other.is_some_and(|o| colour_of(o.card) == colour_of(jar.card))
                })
                .then_some(jar.card);
            Reason::Place {
                colour,
                slot,
                jar: colour_of(jar.card),
                fill: if empty == 1 { fill_of(slot, &[]) } else { None },
                twin,
            }
        }
        Action::Decline => Reason::Decline,
        Action::Deliver { slot } => match fill_of(slot, &[]) {
            Some(fill) => Reason::Deliver { fill },
            None => Reason::Chance,
        },
        Action::Draft { set_aside } => {
            let own = obs.own.as_ref();
            let keep: Vec<CardId> = own
                .map(|o| {
                    o.draft
                        .iter()
                        .flatten()
                        .copied()
                        .filter(|&c| c != set_aside)
                        .collect()
                })
                .unwrap_or_default();
            let colour = |c: CardId| obs.comps.card(c).colour;
            let pair = match keep[..] {
                [a, b] if colour(a) == colour(b) => Some(colour(a)),
                _ => None,
            };
            let favourite_given_up = own.and_then(|o| o.favourite).and_then(|f| {
                let n = obs.comps.card(set_aside).needs[f.index()];
                (n > 0).then_some((f, n))
            });
            Reason::Draft {
                keep,
                pair,
                favourite_given_up,
            }
        }
        Action::TakePile { pile } => match obs.piles.get(pile as usize).and_then(|p| p.top) {
            Some(card) => card_reason(obs, seat, card),
            None => Reason::Chance,
        },
        Action::SoloKeep { card } => card_reason(obs, seat, card),
        _ => Reason::Chance,
    }
}

/// Why a new jar: its card, the spaces of `seat`'s favourite colour on it, and the jar colour
/// it shares with the seat's other jar.
fn card_reason(obs: &Observation, seat: Seat, card: CardId) -> Reason {
    let colour = |c: CardId| obs.comps.card(c).colour;
    let favourite = obs.own.as_ref().and_then(|o| o.favourite).and_then(|f| {
        let n = obs.comps.card(card).needs[f.index()];
        (n > 0).then_some((f, n))
    });
    let pair = obs
        .players
        .get(seat as usize)
        .and_then(|p| p.jars.iter().flatten().next().copied())
        .map(|j| colour(j.card))
        .filter(|&c| c == colour(card));
    Reason::Card {
        card,
        favourite,
        pair,
    }
}

/// A decision of the review: what was played at log entry `entry` (1-based), what the search
/// found better, and the points that cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    pub entry: usize,
    pub seat: Seat,
    pub played: Action,
    pub better: Action,
    pub loss: f32,
    pub played_reason: Reason,
    pub better_reason: Reason,
}

/// A finished (or unfinished) game looked over.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The costliest decisions of the reviewed seats, costliest first (at most `MISTAKES`,
    /// each losing at least `MIN_LOSS` points).
    pub mistakes: Vec<Mistake>,
    /// After each log entry (index 0: before the first), every seat's estimated final lead.
    pub estimates: Vec<Vec<f32>>,
    /// The entry counts at which a turn began (a seat about to dive), in order: where a
    /// player reads the game's course.
    pub turns: Vec<usize>,
    /// Decisions judged.
    pub judged: usize,
}

pub const MISTAKES: usize = 5;
pub const MIN_LOSS: f32 = 0.5;

/// Progress of a review, readable from another thread.
#[derive(Debug, Default)]
pub struct Progress {
    pub done: AtomicUsize,
    pub total: AtomicUsize,
}

/// A decision to judge: (entry, observation, legal, played, the hint given there).
type Job = (usize, Observation, Vec<Action>, Action, Option<Action>);

/// Looks over `record`'s decisions by `seats` (all seats when empty) with a choice to make,
/// on `threads` worker threads. `None` when the log does not replay or `cancel` was set.
///
/// `hinted` lists the hints the players were given: (the log's length when it was asked,
/// the move it advised). A hint's search is larger than a review's, so at such a decision the
/// hint's move is the better one: following it is no mistake, and a move made instead is
/// measured against it. The hints the log keeps (`GameRecord::advice`) count as given too.
pub fn review(
    record: &GameRecord,
    seats: &[Seat],
    hinted: &[(usize, Action)],
    limits: AdviceLimits,
    threads: usize,
    progress: &Progress,
    cancel: &Arc<AtomicBool>,
) -> Option<Review> {
    let kept = (record.advice.iter()).filter_map(|n| Some((n.at, n.advised?)));
    let hinted: Vec<(usize, Action)> = hinted.iter().copied().chain(kept).collect();
    let start = record.replay_prefix(0).ok()?;
    let mut s = start;
    let mut estimates = Vec::with_capacity(record.actions.len() + 1);
    let n = s.num_players() as usize;
    let estimate = |s: &GameState| (0..n).map(|i| points(s, i as Seat)).collect::<Vec<f32>>();
    estimates.push(estimate(&s));
    let mut jobs: Vec<Job> = Vec::new();
    let mut turns = Vec::new();
    for (i, e) in record.actions.iter().enumerate() {
        if s.decision() == crate::engine::Decision::Dive {
            turns.push(i);
        }
        if let Actor::Seat(seat) = e.by
            && (seats.is_empty() || seats.contains(&seat))
            && s.to_act() == ToAct::Seat(seat)
        {
            let legal = s.legal_actions();
            if legal.len() > 1 {
                let hint = hinted
                    .iter()
                    .rev()
                    .find(|(at, a)| *at == i && legal.contains(a))
                    .map(|(_, a)| *a);
                jobs.push((i + 1, s.observation(Some(seat)), legal, e.action, hint));
            }
        }
        s.apply_quiet(&e.action).ok()?;
        estimates.push(estimate(&s));
    }
    progress.total.store(jobs.len(), Ordering::Relaxed);
    progress.done.store(0, Ordering::Relaxed);
    let mut found: Vec<Option<Mistake>> = vec![None; jobs.len()];
    let threads = threads.clamp(1, 16);
    let results = in_turn(
        &jobs,
        threads,
        progress,
        cancel,
        |(entry, obs, legal, played, hint)| match hint {
            Some(h) => against_hint(obs, legal, *played, *h, *entry, limits, cancel),
            None => judge(obs, legal, *played, *entry, limits, *entry as u64, cancel),
        },
    )?;
    for (k, m) in results {
        found[k] = m;
    }
    let mut mistakes = merge_repeats(found.into_iter().flatten());
    let costliest = |mistakes: &mut Vec<Mistake>, n: usize| {
        mistakes.retain(|m| m.loss >= MIN_LOSS);
        mistakes.sort_by(|a, b| b.loss.total_cmp(&a.loss).then(a.entry.cmp(&b.entry)));
        mistakes.truncate(n);
    };
    if limits.recheck {
        costliest(&mut mistakes, MISTAKES + RECHECK_SPARE);
        // A decision judged against a hint given there is judged by that hint already.
        let again: Vec<(usize, &Job)> = (mistakes.iter().enumerate())
            .filter_map(|(i, m)| Some((i, jobs.iter().find(|j| j.0 == m.entry)?)))
            .filter(|(_, j)| j.4.is_none())
            .collect();
        progress.total.fetch_add(again.len(), Ordering::Relaxed);
        let rechecked = in_turn(&again, threads, progress, cancel, |(_, job)| {
            let (entry, obs, legal, played, _) = job;
            let seed = hint_seed(record.seed, entry - 1);
            judge(
                obs,
                legal,
                *played,
                *entry,
                AdviceLimits::HINT,
                seed,
                cancel,
            )
        })?;
        let mut kept: Vec<Option<Mistake>> = mistakes.into_iter().map(Some).collect();
        for (k, m) in rechecked {
            kept[again[k].0] = m;
        }
        mistakes = kept.into_iter().flatten().collect();
    }
    costliest(&mut mistakes, MISTAKES);
    Some(Review {
        mistakes,
        estimates,
        turns,
        judged: jobs.len(),
    })
}

/// `work` done on each of `items` by `threads` worker threads taking them in turn, each
/// counted in `progress` as it is done: (index, result) pairs, in no order. `None` when
/// `cancel` was set.
fn in_turn<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    progress: &Progress,
    cancel: &AtomicBool,
    work: impl Fn(&T) -> R + Sync,
) -> Option<Vec<(usize, R)>> {
    let next = AtomicUsize::new(0);
    let done: Vec<(usize, R)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.clamp(1, items.len().max(1)))
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed);
                        if k >= items.len() || cancel.load(Ordering::Relaxed) {
                            break;
                        }
                        mine.push((k, work(&items[k])));
                        progress.done.fetch_add(1, Ordering::Relaxed);
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .filter_map(|h| h.join().ok())
            .flatten()
            .collect()
    });
    (!cancel.load(Ordering::Relaxed)).then_some(done)
}

/// One lesson once: `found` (in log order) with a mistake made again at the very next entry
/// (the same move, the same better one: a second die stored the same wrong way) merged into
/// one, at its costlier entry.
pub fn merge_repeats(found: impl IntoIterator<Item = Mistake>) -> Vec<Mistake> {
    let mut out: Vec<Mistake> = Vec::new();
    for m in found {
        match out.last_mut() {
            Some(prev)
                if prev.entry + 1 == m.entry
                    && prev.seat == m.seat
                    && prev.played == m.played
                    && prev.better == m.better =>
            {
                if m.loss > prev.loss {
                    *prev = m;
                }
            }
            _ => out.push(m),
        }
    }
    out
}

/// One decision judged: the best move the search finds against the one played.
fn judge(
    obs: &Observation,
    legal: &[Action],
    played: Action,
    entry: usize,
    limits: AdviceLimits,
    seed: u64,
    cancel: &Arc<AtomicBool>,
) -> Option<Mistake> {
    let h = hint(obs, legal, Some(played), limits, seed, cancel)?;
    // The hint's move is the better one, by what it clearly gains over the move played (a
    // gain within the play-outs' own spread is none).
    let better = h.action;
    let loss = h.versus.map_or(0.0, |(_, gain)| gain);
    (better != played && loss > 0.0).then(|| mistake(obs, h.seat, entry, played, better, loss))
}

/// A mistake at `entry`, each move with its reason.
fn mistake(
    obs: &Observation,
    seat: Seat,
    entry: usize,
    played: Action,
    better: Action,
    loss: f32,
) -> Mistake {
    Mistake {
        entry,
        seat,
        played,
        better,
        loss,
        played_reason: reason(obs, seat, &played),
        better_reason: reason(obs, seat, &better),
    }
}

/// A decision where a hint advised `hint`: following it is no mistake; another move loses
/// what the estimates put between the two.
fn against_hint(
    obs: &Observation,
    legal: &[Action],
    played: Action,
    hint: Action,
    entry: usize,
    limits: AdviceLimits,
    cancel: &Arc<AtomicBool>,
) -> Option<Mistake> {
    if played == hint {
        return None;
    }
    let seat = obs.own.as_ref()?.seat;
    let compared = appraise(obs, legal, &[hint, played], limits, entry as u64, cancel)?;
    let loss = compared.clear_gain(hint, played);
    (loss > 0.0).then(|| mistake(obs, seat, entry, played, hint, loss))
}

impl Review {
    /// The turn (1-based, counted over the whole game) in which log entry `entry` (1-based)
    /// was played; 0 before the first turn (the set-up and the jar draft).
    pub fn turn_of(&self, entry: usize) -> usize {
        self.turns.iter().filter(|&&t| t < entry).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn compared(a: Vec<f32>, b: Vec<f32>) -> Compared {
        let moves = vec![Action::Decline, Action::Deliver { slot: 0 }];
        Compared {
            list: Vec::new(),
            moves,
            per_sample: vec![a, b],
        }
    }

    /// A gain counts only beyond the play-outs' spread: two moves that score alike (a
    /// delivery order that changes nothing) or whose difference is noise gain nothing over
    /// each other; a steady difference is gained in full.
    #[test]
    fn a_gain_counts_only_beyond_the_spread() {
        let (a, b) = (Action::Decline, Action::Deliver { slot: 0 });
        let same: Vec<f32> = (0..100).map(|i| (i % 17) as f32 - 8.0).collect();
        assert_eq!(compared(same.clone(), same.clone()).clear_gain(a, b), 0.0);
        // Mean difference 0.5, swinging ±10 from one play-out to the next: noise.
        let noisy: Vec<f32> = same
            .iter()
            .enumerate()
            .map(|(i, x)| x + 0.5 + if i % 2 == 0 { 10.0 } else { -10.0 })
            .collect();
        assert_eq!(compared(noisy, same.clone()).clear_gain(a, b), 0.0);
        // 1.5 points in every play-out: clear.
        let ahead: Vec<f32> = same.iter().map(|x| x + 1.5).collect();
        let c = compared(ahead, same);
        assert!((c.clear_gain(a, b) - 1.5).abs() < 1e-4);
        assert_eq!(c.clear_gain(b, a), 0.0);
    }
}
