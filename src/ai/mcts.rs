//! Hard: information-set Monte Carlo tree search.
//!
//! Every iteration draws a determinization of the seat's observation (the others' favourites
//! and draft hands, consistent with what the seat has seen), walks one shared open-loop tree of
//! decisions (everyone's, chance sampled fresh each time, children counted by availability),
//! expands one node, plays on greedily for a few turns and scores the end with the heuristic
//! margin (or the true result when the game ends).

use super::Bot;
use super::fitted;
use super::heuristic::{margin, quick_scores};
use super::policy::{Scratch, candidates, greedy_action, lookahead_scores};
use crate::engine::{Action, Decision, GameState, Observation, Outcome, Seat, ToAct};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long Hard may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchLimits {
    /// Iteration cap (always applies).
    pub iterations: u32,
    /// Wall-clock budget; `None` for a deterministic, iteration-only search.
    pub time: Option<Duration>,
}

impl SearchLimits {
    pub const DEFAULT: SearchLimits = SearchLimits {
        iterations: 200_000,
        time: Some(Duration::from_millis(1000)),
    };
}

/// Tuning knobs of the search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchParams {
    /// Dives considered at the root (ranked by Normal's lookahead) and deeper (by quick score).
    pub root_dives: usize,
    pub dives: usize,
    /// Dive decisions played greedily after the tree before scoring.
    pub horizon: u32,
    pub explore: f64,
    pub rollout_eps: f32,
    /// Dives ranked by quick score before Normal's lookahead ranks them for the root.
    pub root_pool: usize,
    /// Determinizations Normal's lookahead averages to rank the root's moves.
    pub prior_samples: u32,
    /// Progressive widening: the root considers `root_dives + root_widen * sqrt(visits)` of
    /// its ranked dives, a node below it `dives + dive_widen * sqrt(visits)` (0: fixed).
    pub root_widen: f64,
    pub dive_widen: f64,
    /// How a position the search stops in, before the game's end, is scored.
    pub eval: Eval,
    /// The move played: the best mean reward among the root moves with more than a quarter of
    /// the most visits (`true`), or simply the most visited (`false`).
    pub pick_by_value: bool,
}

/// The evaluation of an unfinished position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eval {
    /// The hand-tuned margin (`heuristic::margin`).
    Hand,
    /// The final scores predicted by the model fitted to self-play (`fitted`).
    Fitted,
}

impl Default for SearchParams {
    fn default() -> SearchParams {
        SearchParams {
            root_dives: 10,
            dives: 6,
            horizon: 6,
            explore: 0.5,
            rollout_eps: 0.1,
            root_pool: 24,
            prior_samples: 2,
            root_widen: 0.0,
            dive_widen: 0.0,
            eval: Eval::Hand,
            pick_by_value: false,
        }
    }
}

struct Node {
    action: Action,
    mover: Seat,
    children: Vec<u32>,
    visits: u32,
    avail: u32,
    reward: f64,
    /// Normal's ranking at the root (0..1), a bias that fades with visits.
    prior: f32,
}

/// What the last search did (for the arena and tests).
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    pub iterations: u32,
    pub elapsed: Duration,
    pub cancelled: bool,
}

pub struct HardBot {
    name: String,
    rng: ChaCha8Rng,
    pub limits: SearchLimits,
    pub params: SearchParams,
    cancel: Arc<AtomicBool>,
    pub last: SearchStats,
}

impl HardBot {
    pub fn new(seed: u64, limits: SearchLimits) -> HardBot {
        HardBot::with_params("hard", seed, limits, SearchParams::default())
    }

    /// The same search with other knobs, named `level` (`level:300ms` and so on for a budget
    /// other than the default).
    pub fn with_params(
        level: &str,
        seed: u64,
        limits: SearchLimits,
        params: SearchParams,
    ) -> HardBot {
        let name = match limits.time {
            Some(_) if limits == SearchLimits::DEFAULT => level.to_string(),
            Some(t) => format!("{level}:{}ms", t.as_millis()),
            None => format!("{level}:{}it", limits.iterations),
        };
        HardBot {
            name,
            rng: ChaCha8Rng::seed_from_u64(seed),
            limits,
            params,
            cancel: Arc::new(AtomicBool::new(false)),
            last: SearchStats::default(),
        }
    }

    fn search(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        let started = Instant::now();
        self.last = SearchStats::default();
        let me = obs.own.as_ref().map_or(0, |o| o.seat);
        // Root candidates, ordered by Normal's judgement.
        let mut cands = candidates(obs, legal, &mut self.rng, self.params.root_pool.max(1));
        let prior_scores = if cands.len() > 1 {
            lookahead_scores(obs, &cands, &mut self.rng, self.params.prior_samples.max(1))
        } else {
            vec![0.0]
        };
        let mut order: Vec<usize> = (0..cands.len()).collect();
        order.sort_by(|&a, &b| prior_scores[b].total_cmp(&prior_scores[a]));
        // Widening keeps every ranked dive and lets the search reach further down the list.
        let keep = if obs.decision == Decision::Dive && self.params.root_widen <= 0.0 {
            self.params.root_dives
        } else {
            cands.len()
        };
        let root_dives = if obs.decision == Decision::Dive {
            self.params.root_dives.max(1)
        } else {
            cands.len()
        };
        order.truncate(keep.max(1));
        cands = order.iter().map(|&i| cands[i]).collect();
        let fallback = cands[0];
        if cands.len() == 1 {
            self.last.elapsed = started.elapsed();
            return fallback;
        }
        // Keep a little of the budget for the caller (the answer must be in within it).
        let deadline = self
            .limits
            .time
            .map(|t| started + t.saturating_sub((t / 40).min(Duration::from_millis(25))));
        let lane = Lane {
            obs,
            cands: &cands,
            root_dives,
            me,
            params: self.params,
            deadline,
            started,
            cancel: &self.cancel,
        };
        let total = self.limits.iterations;
        let budgets: [u32; LANES] = std::array::from_fn(|i| {
            total / LANES as u32 + u32::from((i as u32) < total % LANES as u32)
        });
        let seeds: [u64; LANES] = std::array::from_fn(|_| self.rng.next_u64());
        let parallel = total >= PARALLEL_FROM
            && std::thread::available_parallelism().is_ok_and(|n| n.get() > 1);
        let grown: Vec<Grown> = if parallel {
            std::thread::scope(|scope| {
                let lane = &lane;
                let others: Vec<_> = (1..LANES)
                    .map(|i| scope.spawn(move || lane.grow(seeds[i], budgets[i])))
                    .collect();
                let mut all = vec![lane.grow(seeds[0], budgets[0])];
                all.extend(others.into_iter().map(|h| h.join().expect("a search lane")));
                all
            })
        } else {
            (0..LANES)
                .map(|i| lane.grow(seeds[i], budgets[i]))
                .collect()
        };
        let mut visits = vec![0u32; cands.len()];
        let mut reward = vec![0.0f64; cands.len()];
        for g in &grown {
            for (v, n) in visits.iter_mut().zip(&g.visits) {
                *v += n;
            }
            for (r, x) in reward.iter_mut().zip(&g.reward) {
                *r += x;
            }
            self.last.iterations += g.iterations;
            self.last.cancelled |= g.cancelled;
        }
        self.last.elapsed = started.elapsed();
        // The most visited root move over every lane (ties: Normal's order).
        let mut best = 0;
        for (i, &v) in visits.iter().enumerate() {
            if v > visits[best] {
                best = i;
            }
        }
        if visits[best] == 0 {
            return fallback;
        }
        if self.params.pick_by_value {
            // Among the moves searched well enough, the best mean (ties: Normal's order).
            let floor = visits[best] / 4;
            let mut best_q = f64::MIN;
            for (i, (&v, &r)) in visits.iter().zip(&reward).enumerate() {
                if v > floor && r / v as f64 > best_q {
                    best_q = r / v as f64;
                    best = i;
                }
            }
        }
        cands[best]
    }
}

/// Independent trees one search grows (root parallelisation), each from its own generator
/// seeded by the bot's; their root visits are added up. A fixed number, so that a search with
/// an iteration budget plays the same on any machine; the lanes run side by side where there
/// are cores for them.
pub const LANES: usize = 2;

/// Searches smaller than this grow their lanes one after the other (a thread costs more than
/// it saves).
const PARALLEL_FROM: u32 = 64;

/// What one lane needs, shared by all of them.
struct Lane<'a> {
    obs: &'a Observation,
    cands: &'a [Action],
    /// How many of `cands` the root considers before widening.
    root_dives: usize,
    me: Seat,
    params: SearchParams,
    deadline: Option<Instant>,
    started: Instant,
    cancel: &'a AtomicBool,
}

/// What one lane found: visits and summed reward per root candidate.
struct Grown {
    visits: Vec<u32>,
    reward: Vec<f64>,
    iterations: u32,
    cancelled: bool,
}

impl Lane<'_> {
    /// Grows one tree for up to `iterations` iterations (or the deadline, or a cancel).
    fn grow(&self, seed: u64, iterations: u32) -> Grown {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (obs, cands, me) = (self.obs, self.cands, self.me);
        let mut nodes: Vec<Node> = Vec::with_capacity(4096);
        nodes.push(Node {
            action: cands[0],
            mover: me,
            children: Vec::new(),
            visits: 0,
            avail: 0,
            reward: 0.0,
            prior: 0.0,
        });
        let k = cands.len() as f32;
        for (rank, a) in cands.iter().enumerate() {
            nodes.push(Node {
                action: *a,
                mover: me,
                children: Vec::new(),
                visits: 0,
                avail: 0,
                reward: 0.0,
                prior: 1.0 - rank as f32 / k,
            });
            let id = nodes.len() as u32 - 1;
            nodes[0].children.push(id);
        }

        let mut sc = Scratch::default();
        let mut legal_buf: Vec<Action> = Vec::new();
        let mut path: Vec<u32> = Vec::with_capacity(64);
        let mut rewards: Vec<f64> = vec![0.0; obs.num_players() as usize];
        let mut cancelled = false;
        let mut it = 0u32;
        while it < iterations {
            if self.cancel.load(Ordering::Relaxed) {
                cancelled = true;
                break;
            }
            if it > 0 && it.is_multiple_of(32) {
                // Stop early when the leader cannot be caught any more.
                let mut left = iterations - it;
                if let Some(d) = self.deadline {
                    let now = Instant::now();
                    if now >= d {
                        break;
                    }
                    let per = (now - self.started).as_secs_f64() / it as f64;
                    left = left.min(((d - now).as_secs_f64() / per.max(1e-9)) as u32);
                }
                if decided(&nodes, left) {
                    break;
                }
            }
            it += 1;
            let mut s = obs.determinize(&mut rng);
            path.clear();
            path.push(0);
            let mut node = 0u32;
            let mut expanded = false;
            loop {
                s.play_chance_run(&mut rng, |_| {});
                let ToAct::Seat(seat) = s.to_act() else {
                    break;
                };
                // The candidate moves here.
                let seen = nodes[node as usize].visits;
                if node == 0 {
                    let width = widened(self.root_dives, self.params.root_widen, seen);
                    legal_buf.clear();
                    legal_buf.extend_from_slice(&cands[..width.min(cands.len())]);
                } else {
                    let width = widened(self.params.dives, self.params.dive_widen, seen);
                    tree_candidates(&s, seat, width, &mut legal_buf, &mut sc);
                }
                let child = select(
                    &mut nodes,
                    node,
                    seat,
                    &legal_buf,
                    self.params.explore,
                    &mut expanded,
                );
                let a = nodes[child as usize].action;
                if s.apply_quiet(&a).is_err() {
                    break;
                }
                path.push(child);
                node = child;
                if expanded {
                    break;
                }
            }
            rollout(&self.params, &mut rng, &mut s, &mut sc, &mut rewards);
            for &n in &path {
                let nd = &mut nodes[n as usize];
                nd.visits += 1;
                nd.reward += rewards[nd.mover as usize];
            }
        }
        Grown {
            visits: nodes[0]
                .children
                .iter()
                .map(|&c| nodes[c as usize].visits)
                .collect(),
            reward: nodes[0]
                .children
                .iter()
                .map(|&c| nodes[c as usize].reward)
                .collect(),
            iterations: it,
            cancelled,
        }
    }
}

/// `base` moves, plus `rate * sqrt(visits)` with progressive widening.
fn widened(base: usize, rate: f64, visits: u32) -> usize {
    if rate <= 0.0 {
        return base;
    }
    base + (rate * (visits as f64).sqrt()) as usize
}

/// Greedy play for `horizon` more dives, then every seat's reward in 0..1.
fn rollout(
    params: &SearchParams,
    rng: &mut ChaCha8Rng,
    s: &mut GameState,
    sc: &mut Scratch,
    rewards: &mut [f64],
) {
    let mut dives = 0;
    loop {
        match s.to_act() {
            ToAct::Nobody => break,
            ToAct::Chance => {
                s.play_chance_run(rng, |_| {});
            }
            ToAct::Seat(seat) => {
                if s.decision() == Decision::Dive {
                    if dives >= params.horizon {
                        break;
                    }
                    dives += 1;
                }
                let a = greedy_action(s, seat, rng, params.rollout_eps, sc);
                if s.apply_quiet(&a).is_err() {
                    break;
                }
            }
        }
    }
    score(s, params.eval, rewards);
}

/// Every seat's reward in 0..1: the result when the game is over, else `eval`'s judgement.
fn score(s: &GameState, eval: Eval, rewards: &mut [f64]) {
    let sig = |x: f64| 1.0 / (1.0 + (-x).exp());
    if s.is_over() {
        let r = s.final_score();
        match &r.outcome {
            Outcome::Solo { net, won } => {
                rewards[0] = 0.7 * (*won as u8 as f64) + 0.3 * sig(*net as f64 / 6.0);
            }
            outcome => {
                for (i, rw) in rewards.iter_mut().enumerate() {
                    let me = r.players[i].total;
                    let best_other = r
                        .players
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| *j != i)
                        .map(|(_, p)| p.total)
                        .max()
                        .unwrap_or(0);
                    let win = match outcome {
                        Outcome::Winner { player, .. } => (*player as usize == i) as u8 as f64,
                        Outcome::Shared { players } => {
                            if players.contains(&(i as u8)) {
                                1.0 / players.len() as f64
                            } else {
                                0.0
                            }
                        }
                        Outcome::Solo { .. } => 0.0,
                    };
                    *rw = 0.7 * win + 0.3 * sig((me - best_other) as f64 / 6.0);
                }
            }
        }
        return;
    }
    match eval {
        Eval::Hand => {
            for (i, rw) in rewards.iter_mut().enumerate() {
                *rw = sig(margin(s, i as Seat) as f64 / 4.0);
            }
        }
        Eval::Fitted => fitted::rewards(s, rewards),
    }
}

/// The moves the tree considers for `seat` in `s`: the best few dives, or all legal moves.
fn tree_candidates(s: &GameState, seat: Seat, k: usize, out: &mut Vec<Action>, sc: &mut Scratch) {
    let k = k.clamp(1, MAX_TREE_DIVES);
    s.legal_actions_into(out);
    if s.decision() != Decision::Dive || out.len() <= k {
        return;
    }
    quick_scores(s, seat, out, &mut sc.scores);
    let idx = &mut sc.order;
    idx.clear();
    idx.extend(0..out.len());
    idx.select_nth_unstable_by(k - 1, |&a, &b| sc.scores[b].total_cmp(&sc.scores[a]));
    idx.truncate(k);
    idx.sort_by(|&a, &b| sc.scores[b].total_cmp(&sc.scores[a]));
    // The picked moves to the front, in their order, then the rest cut off.
    let picked: [Action; MAX_TREE_DIVES] =
        std::array::from_fn(|i| idx.get(i).map_or(out[0], |&j| out[j]));
    out.clear();
    out.extend_from_slice(&picked[..k]);
}

/// The most dives a tree node below the root considers.
const MAX_TREE_DIVES: usize = 16;

/// Picks (and maybe creates) the child of `node` to follow. Sets `expanded` when a new node
/// was made.
fn select(
    nodes: &mut Vec<Node>,
    node: u32,
    seat: Seat,
    moves: &[Action],
    c: f64,
    expanded: &mut bool,
) -> u32 {
    // Availability counts, and the first move with no child yet.
    let mut missing = None;
    for a in moves {
        let found = nodes[node as usize]
            .children
            .iter()
            .copied()
            .find(|&ch| nodes[ch as usize].action == *a && nodes[ch as usize].mover == seat);
        match found {
            Some(ch) => nodes[ch as usize].avail += 1,
            None => {
                if missing.is_none() {
                    missing = Some(*a);
                }
            }
        }
    }
    if let Some(a) = missing {
        nodes.push(Node {
            action: a,
            mover: seat,
            children: Vec::new(),
            visits: 0,
            avail: 1,
            reward: 0.0,
            prior: 0.0,
        });
        let id = nodes.len() as u32 - 1;
        nodes[node as usize].children.push(id);
        *expanded = true;
        return id;
    }
    let mut best = u32::MAX;
    let mut best_v = f64::MIN;
    for &ch in &nodes[node as usize].children {
        let n = &nodes[ch as usize];
        if n.mover != seat || !moves.contains(&n.action) {
            continue;
        }
        let v = if n.visits == 0 {
            1e9 + n.prior as f64
        } else {
            let q = n.reward / n.visits as f64;
            q + c * ((n.avail.max(1) as f64).ln() / n.visits as f64).sqrt()
                + 0.3 * n.prior as f64 / (1.0 + n.visits as f64).sqrt()
        };
        if v > best_v {
            best_v = v;
            best = ch;
        }
    }
    if best == u32::MAX {
        // Cannot happen (every move has a child), but stay safe.
        return nodes[node as usize].children[0];
    }
    best
}

/// The most visited root child leads the second by more than `left` iterations.
fn decided(nodes: &[Node], left: u32) -> bool {
    let mut v: Vec<u32> = nodes[0]
        .children
        .iter()
        .map(|&c| nodes[c as usize].visits)
        .collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.len() < 2 || v[0] > v[1] + left
}

impl Bot for HardBot {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, obs: &Observation, legal: &[Action]) -> Action {
        if legal.len() == 1 {
            return legal[0];
        }
        self.search(obs, legal)
    }

    fn set_cancel(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = flag;
    }
}
