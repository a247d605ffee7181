//! The tutorial's script: which lesson comes when, the move each lesson asks for, and why a
//! different move is refused. It reads the game and decides; it draws nothing.
//!
//! The game is a real one on a fixed seed with the built-in components. The move a lesson
//! asks for comes from a bot that decides from the seat's observation alone
//! (`ai::StatelessBot`), and the other seat is such a bot too, so the same lessons come in
//! the same order every time, and again after the tutorial is left and resumed.

use crate::ai::advice::{self, Reason};
use crate::ai::{Bot, StatelessBot};
use crate::app::game::course::Autopilot;
use crate::engine::{
    Action, Components, Decision, GameConfig, GameState, Match, Outcome, Seat, ToAct,
};
use crate::i18n::tr;
use crate::trf;
use crate::words::{ActionWords, ComponentWords, Label, describe_counts, join_list};
use serde::{Deserialize, Serialize};

/// The two courses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Course {
    /// Two players: you (seat 1) against a gentle bot.
    TwoPlayer,
    /// The solo game against the tempest.
    Solo,
}

/// The seed of each course's game, chosen so that every lesson comes up (a test holds it).
pub const TWO_PLAYER_SEED: u64 = 7;
pub const SOLO_SEED: u64 = 3;
/// The bot that chooses the moves the lessons ask for, and the gentle opponent.
pub const GUIDE_LEVEL: &str = "normal";
pub const OPPONENT_LEVEL: &str = "easy";
const GUIDE_SEED: u64 = 0x5eed_0001;
const OPPONENT_SEED: u64 = 0x5eed_0002;

/// The seat the learner plays.
pub const LEARNER: Seat = 0;
/// Names of the seats (the learner, the gentle bot).
pub const NAMES: [&str; 2] = ["Ada", "Coral"];

/// What the learner has done at least once (bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Skill {
    Draft,
    Dive,
    Store,
    Take,
    NewJar,
    Tempest,
}

impl Skill {
    fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// Where the course stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Welcome,
    /// The learner plays each decision as the lesson asks.
    Guided,
    /// Every part of a turn done: the bots play on to round 2 once the learner continues.
    ToRoundTwo {
        started: bool,
    },
    /// Round 2 has begun: its first player and direction explained.
    RoundTwo,
    /// The bots play to the end once the learner continues.
    ToTheEnd {
        started: bool,
    },
    Scoring,
    Done,
}

/// The learner's progress through a course: saved with the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tutor {
    pub course: Course,
    pub stage: Stage,
    /// Skills done (bits of `Skill`).
    pub done: u8,
    /// Solo: the tempest lesson waits to be read (after the first tempest).
    #[serde(default)]
    pub tempest_pending: bool,
    /// The learner plays their own seat through the stage under way (to round 2, or to the
    /// end) rather than watching the AI play it.
    #[serde(default)]
    pub self_play: bool,
    /// Why the last move was refused (not saved).
    #[serde(skip)]
    pub refused: Option<String>,
    /// The dive being put together on the board when it was refused (shore, path, number):
    /// once another is picked, the refusal is no longer about what is on the board.
    #[serde(skip)]
    pub refused_pick: Option<DiveKey>,
}

/// A dive as picked on the board: shore, path, number (each once chosen).
pub type DiveKey = (
    Option<crate::engine::ShoreId>,
    Option<crate::engine::board::PathKind>,
    Option<u8>,
);

/// What the lesson on screen wants.
#[derive(Clone, Debug, PartialEq)]
pub enum Want {
    /// Read, then Continue.
    Continue,
    /// This decision.
    Move(Action),
    /// Nothing from the learner: the game moves by itself (the bots, chance).
    Wait,
    /// Any legal move: the learner plays their seat as they like (`Tutor::self_play`).
    Free,
}

impl Tutor {
    pub fn new(course: Course) -> Tutor {
        Tutor {
            course,
            stage: Stage::Welcome,
            done: 0,
            tempest_pending: false,
            self_play: false,
            refused: None,
            refused_pick: None,
        }
    }

    pub fn seed(&self) -> u64 {
        match self.course {
            Course::TwoPlayer => TWO_PLAYER_SEED,
            Course::Solo => SOLO_SEED,
        }
    }

    /// The course's game, before its first move.
    pub fn new_match(course: Course) -> Match {
        Tutor::match_on(course, Tutor::new(course).seed())
    }

    /// The course's game on another seed (for choosing the seed).
    pub fn match_on(course: Course, seed: u64) -> Match {
        let config = match course {
            Course::TwoPlayer => GameConfig {
                players: 2,
                first_player: Some(LEARNER),
            },
            Course::Solo => GameConfig::solo(),
        };
        Match::new(config, Components::default(), seed).expect("the built-in data is valid")
    }

    /// The guide, which picks the moves the lessons ask for.
    pub fn guide() -> StatelessBot {
        StatelessBot::new(GUIDE_LEVEL, GUIDE_SEED).expect("a known level")
    }

    /// The gentle opponent.
    pub fn opponent() -> StatelessBot {
        StatelessBot::new(OPPONENT_LEVEL, OPPONENT_SEED).expect("a known level")
    }

    pub fn has(&self, s: Skill) -> bool {
        self.done & s.bit() != 0
    }

    fn needed(&self) -> &'static [Skill] {
        match self.course {
            Course::TwoPlayer => &[
                Skill::Draft,
                Skill::Dive,
                Skill::Store,
                Skill::Take,
                Skill::NewJar,
            ],
            Course::Solo => &[Skill::Draft, Skill::Dive, Skill::Tempest],
        }
    }

    /// The whole course done, final scoring read?
    pub fn finished(&self) -> bool {
        self.stage == Stage::Done
    }

    /// All of the guided part done?
    pub fn guided_done(&self) -> bool {
        self.needed().iter().all(|&s| self.has(s))
    }

    /// Lessons in the course, and how far the learner is (for "step k of n").
    pub fn progress(&self) -> (usize, usize) {
        let guided = self.needed().len();
        let total = guided + 5;
        let done = self.needed().iter().filter(|&&s| self.has(s)).count();
        let at = match self.stage {
            Stage::Welcome => 1,
            Stage::Guided => 2 + done,
            Stage::ToRoundTwo { .. } => 2 + guided,
            Stage::RoundTwo => 3 + guided,
            Stage::ToTheEnd { .. } => 4 + guided,
            Stage::Scoring | Stage::Done => total,
        };
        (at.min(total), total)
    }

    /// The parts done, of all: the part under way is not, but at the lesson's last card
    /// ("Well done") every part is (it read "9 of 10 parts done" there).
    pub fn parts_done(&self) -> (usize, usize) {
        let (at, total) = self.progress();
        match self.stage {
            Stage::Done => (total, total),
            _ => (at.max(1) - 1, total),
        }
    }

    /// Should the bots play the learner's seat now, and at what pace: the rest of round 1 is
    /// to be watched ("watch the board and the log"), at the AI's pace (it had gone by in
    /// three seconds); the end of the game is played out at once.
    pub fn autopilot(&self) -> Autopilot {
        match self.stage {
            _ if self.self_play => Autopilot::Off,
            Stage::ToRoundTwo { started: true } => Autopilot::Paced,
            Stage::ToTheEnd { started: true } => Autopilot::Fast,
            _ => Autopilot::Off,
        }
    }

    /// Whether the table waits for the learner's Continue: no one moves while a card is to
    /// be read (the round-2 card came up after the first player of round 2 had dived).
    pub fn holds_the_table(&self) -> bool {
        // Every stage named: a new one is decided on here, where `want` asks first.
        match self.stage {
            Stage::Welcome | Stage::RoundTwo | Stage::Scoring => true,
            Stage::ToRoundTwo { started } | Stage::ToTheEnd { started } => !started,
            Stage::Guided => self.tempest_pending,
            Stage::Done => false,
        }
    }

    /// The round at whose first dive the table stops for the course's next card.
    pub fn stop_at_round(&self) -> Option<u8> {
        matches!(self.stage, Stage::ToRoundTwo { started: true }).then_some(2)
    }

    /// The learner chose to play the stage about to start themselves, not watch it.
    pub fn play_it_myself(&mut self, state: &GameState) {
        self.self_play = true;
        self.next(state);
    }

    /// What the lesson wants, given the game.
    pub fn want(&self, state: &GameState) -> Want {
        if self.holds_the_table() {
            return Want::Continue;
        }
        match self.stage {
            Stage::Guided => match learner_decision(state) {
                Some(legal) => Want::Move(expected(state, &legal)),
                None => Want::Wait,
            },
            Stage::ToRoundTwo { started: true } | Stage::ToTheEnd { started: true }
                if self.self_play =>
            {
                match learner_decision(state) {
                    Some(_) => Want::Free,
                    None => Want::Wait,
                }
            }
            // The stages held for Continue returned above; the rest wait.
            _ => Want::Wait,
        }
    }

    /// The learner pressed Continue.
    pub fn next(&mut self, state: &GameState) {
        self.refused = None;
        self.stage = match self.stage {
            Stage::Welcome => Stage::Guided,
            Stage::Guided if self.tempest_pending => {
                self.tempest_pending = false;
                self.done |= Skill::Tempest.bit();
                if self.guided_done() {
                    Stage::ToRoundTwo { started: false }
                } else {
                    Stage::Guided
                }
            }
            Stage::ToRoundTwo { started: false } => Stage::ToRoundTwo { started: true },
            Stage::RoundTwo => Stage::ToTheEnd { started: false },
            Stage::ToTheEnd { started: false } => Stage::ToTheEnd { started: true },
            Stage::Scoring => Stage::Done,
            other => other,
        };
        self.follow(state);
    }

    /// Checks the learner's move against the lesson: `Err` explains the refusal.
    pub fn check(&mut self, state: &GameState, action: &Action) -> Result<(), String> {
        if self.want(state) == Want::Free {
            self.refused = None;
            return Ok(());
        }
        let Want::Move(want) = self.want(state) else {
            let text = match self.want(state) {
                Want::Continue => tr("First read this step, then press Continue."),
                _ => tr("Wait a moment: the game is moving on by itself."),
            };
            self.refused = Some(text.to_string());
            return Err(text.to_string());
        };
        if *action == want {
            self.refused = None;
            return Ok(());
        }
        let why = refusal(state, action, &want);
        self.refused = Some(why.clone());
        Err(why)
    }

    /// After a move (the learner's or the game's): note what was learnt and move the stage on.
    pub fn learnt(&mut self, before: &Decision) {
        let skill = match before {
            Decision::Draft => Some(Skill::Draft),
            Decision::Dive => Some(Skill::Dive),
            Decision::Store { .. } => Some(Skill::Store),
            Decision::PassOffer { .. } => Some(Skill::Take),
            Decision::ChoosePile | Decision::SoloKeep { .. } => Some(Skill::NewJar),
            _ => None,
        };
        if let Some(s) = skill {
            self.done |= s.bit();
        }
    }

    /// Moves the stage on from what the game shows (called every frame).
    pub fn follow(&mut self, state: &GameState) {
        match self.stage {
            Stage::Guided => {
                // Solo: the first tempest is explained once it has struck.
                if self.course == Course::Solo
                    && !self.has(Skill::Tempest)
                    && !self.tempest_pending
                    && state.started
                    && (state.turn > 0 || state.round > 1)
                    && learner_decision(state).is_some()
                {
                    self.tempest_pending = true;
                }
                if self.guided_done() && !self.tempest_pending {
                    self.stage = Stage::ToRoundTwo { started: false };
                }
            }
            Stage::ToRoundTwo { started: true }
                if state.round >= 2 && state.decision() == Decision::Dive || state.is_over() =>
            {
                self.stage = Stage::RoundTwo;
                self.self_play = false;
            }
            Stage::ToTheEnd { started: true } if state.is_over() => {
                self.stage = Stage::Scoring;
                self.self_play = false;
            }
            _ => {}
        }
    }
}

/// The learner's legal decisions, when the learner is to decide.
fn learner_decision(state: &GameState) -> Option<Vec<Action>> {
    (state.to_act() == ToAct::Seat(LEARNER)).then(|| state.legal_actions())
}

/// The move the lesson asks for: the guide's choice.
pub fn expected(state: &GameState, legal: &[Action]) -> Action {
    if legal.len() == 1 {
        return legal[0];
    }
    let obs = state.observation(Some(LEARNER));
    Tutor::guide().choose(&obs, legal)
}

/// Why `action` is not this lesson's move, in terms of the rules.
fn refusal(state: &GameState, action: &Action, want: &Action) -> String {
    let comps = &state.comps;
    let obs = state.observation(Some(LEARNER));
    let reason = |a: &Action| advice::reason(&obs, LEARNER, a);
    let lesson = trf!(
        "This step asks for: {name} {move}.",
        name = NAMES[LEARNER as usize],
        move = want.describe(comps)
    );
    let rule = match (action, want) {
        (Action::Dive { .. }, Action::Dive { .. }) => {
            let (Reason::Dive { collected: got, stored: kept, .. }, Reason::Dive { collected, stored, .. }) =
                (reason(action), reason(want))
            else {
                return lesson;
            };
            let fit = |s: &crate::engine::ColourCounts| s.iter().map(|&x| x as u32).sum::<u32>();
            if got == collected && kept == stored {
                // The same spaces reached from another shore: the same dice, but the lesson
                // goes on from its own.
                return crate::words::sentences([
                    trf!(
                        "Your dive collects the same dice as the lesson's ({collected}), from another shore. The course goes on from the lesson's shore, so dive there.",
                        collected = describe_counts(&collected)
                    ),
                    lesson,
                ]);
            }
            trf!(
                "A dive collects every die showing the number called on the path's spaces, whatever its colour, and you keep only what fits your jars. Your dive collects {got} and {kept} of them fit; the lesson's dive collects {collected}, and {stored} fit.",
                got = describe_counts(&got),
                kept = fit(&kept),
                collected = describe_counts(&collected),
                stored = fit(&stored)
            )
        }
        (Action::Store { .. }, Action::Store { slot, colour }) => trf!(
            "Both jars have an empty {colour} space, so you choose where the die goes. Here it goes into jar {jar}: dice never move once placed, so put them where a jar fills soonest.",
            colour = colour.label(),
            jar = *slot as u32 + 1
        ),
        (Action::Decline, Action::Take { colour, .. }) => trf!(
            "Passed dice go round the table, and whoever has a matching empty space may take one. You have room for {die}: take it; declining leaves it to the others or the box lid.",
            die = crate::words::a_die(*colour)
        ),
        (_, Action::Take { colour, slot }) => trf!(
            "You may take one passed die into a matching empty space. The lesson takes the {colour} die into jar {jar}.",
            colour = colour.label(),
            jar = *slot as u32 + 1
        ),
        (_, Action::Decline) => tr(
            "Taking a passed die is never required: you may always decline. This step lets them go on round the table.",
        )
        .to_string(),
        (Action::Draft { .. }, Action::Draft { set_aside }) => {
            let kept = match reason(want) {
                Reason::Draft { keep, .. } => join_list(keep.iter().map(|c| comps.card_label(*c))),
                _ => String::new(),
            };
            if state.config.is_solo() {
                trf!(
                    "In the jar draft you keep two of your three cards and set one aside. This step keeps {kept} and sets aside {card}.",
                    kept,
                    card = comps.card_label(*set_aside)
                )
            } else {
                trf!(
                    "In the jar draft you keep two of your three cards and set one aside in secret. This step keeps {kept} and sets aside {card}.",
                    kept,
                    card = comps.card_label(*set_aside)
                )
            }
        }
        (_, Action::TakePile { pile }) => {
            let card = obs
                .piles
                .get(*pile as usize)
                .and_then(|p| p.top)
                .map(|c| comps.card_label(c))
                .unwrap_or_default();
            trf!(
                "After a delivery you take the top card of any pile as your new jar. The lesson takes pile {pile}: {card}.",
                pile = *pile as u32 + 1,
                card
            )
        }
        (_, Action::SoloKeep { card }) => trf!(
            "In the solo game you draw two cards, keep one and put the other at the bottom of the deck. The lesson keeps {card}.",
            card = comps.card_label(*card)
        ),
        (_, Action::Deliver { slot }) => trf!(
            "Two jars are full: you deliver them one at a time, in the order you choose. The lesson delivers jar {jar} first.",
            jar = *slot as u32 + 1
        ),
        _ => String::new(),
    };
    // A choice the rules leave to the player (which card, which pile, which jar first): the
    // learner's is as legal; the course asks for its own because it plays a prepared game.
    let free_choice = matches!(
        (action, want),
        (Action::Draft { .. }, Action::Draft { .. })
            | (Action::TakePile { .. }, Action::TakePile { .. })
            | (Action::SoloKeep { .. }, Action::SoloKeep { .. })
            | (Action::Deliver { .. }, Action::Deliver { .. })
    );
    let allowed = if free_choice {
        tr("Your choice is allowed in a real game; the course plays a prepared game, so this step asks for its own.").to_string()
    } else {
        String::new()
    };
    crate::words::sentences([rule, allowed, lesson])
}

/// The lesson's heading and text for the learner's decision (`first`: the first time this
/// kind of decision comes up).
pub fn lesson_text(state: &GameState, want: &Action, first: bool) -> (String, String) {
    let comps = &state.comps;
    let obs = state.observation(Some(LEARNER));
    let why = advice::reason(&obs, LEARNER, want);
    let does = trf!(
        "Your move: {name} {move}.",
        name = NAMES[LEARNER as usize],
        move = want.describe(comps)
    );
    let tail =
        crate::words::sentences([does.as_str(), &crate::words::reason_after_move(&why, comps)]);
    let (title, text) = match state.decision() {
        Decision::Draft if state.is_solo() => (
            tr("The jar draft"),
            tr(
                "You were dealt three jar cards. Each shows coloured spaces to fill with dice of those colours, and a bonus. Keep two and set one aside.",
            ),
        ),
        Decision::Draft => (
            tr("The jar draft"),
            tr(
                "You were dealt three jar cards. Each shows coloured spaces to fill with dice of those colours, and a bonus. Keep two and set one aside, in secret; the other player does the same.",
            ),
        ),
        Decision::Dive => (
            tr("Dive: a shore, a path, a number"),
            tr(
                "Put a pawn on a free shore (the sand circles round the pool). Each shore has two paths: a short one along the edge and a long one across the inner ring, past the island in the centre. Choose one and call a number: you collect every die on that path showing it. The path this lesson asks for is lit on the board. By keyboard: B takes you to the board, ← and → pick the shore, ↑ or S the short path and ↓ or L the long one, a number key from 1 to 6 calls the number, and Enter dives.",
            ),
        ),
        Decision::Store { .. } => (
            tr("Store"),
            tr(
                "Every die you collect that fits an empty space of your jars must go into one (a die that fits only one jar goes there by itself). Both of your jars have an empty space of this colour, so you choose which jar gets the die. Dice stay where you put them.",
            ),
        ),
        Decision::PassOffer { .. } => (
            tr("Dice going round"),
            tr(
                "The other player's dive collected dice that did not fit their jars. Those dice go round the table: you may take one that fits a jar of yours, or decline. With two players they come back to you, one at a time, as long as you take them.",
            ),
        ),
        Decision::ChoosePile => (
            tr("Delivered: a token and a new jar"),
            tr(
                "A full jar is delivered at the end of the turn: its dice go back to the box lid, you take the top token of its colour's stack, and the card goes to your delivered pile. Everyone with a full jar delivers, in turn order from the player whose turn it is. Now take a new jar: the top card of any pile.",
            ),
        ),
        Decision::SoloKeep { .. } => (
            tr("A new jar"),
            tr(
                "Solo, you draw two cards for a new jar: keep one, and the other goes to the bottom of the deck.",
            ),
        ),
        Decision::DeliverOrder => (
            tr("Two full jars"),
            tr("Two of your jars are full: choose which to deliver first."),
        ),
        _ => (tr("Your move"), ""),
    };
    let body = if first {
        crate::words::sentences([text, &tail])
    } else {
        tail
    };
    (title.to_string(), body)
}

/// The texts of the stages that are read rather than played.
pub fn stage_text(t: &Tutor, state: &GameState, names: &[String]) -> (String, String) {
    let name = |s: Seat| names.get(s as usize).cloned().unwrap_or_default();
    match (t.course, t.stage) {
        (Course::TwoPlayer, Stage::Welcome) => (
            tr("Learn to play").to_string(),
            trf!(
                "You play Ada in a real two-player game against {bot}, a gentle AI, on a fixed seed. Each step teaches one rule by having you do it; a move the step does not ask for is refused with the rule that explains it. You can leave at any time (Esc) and come back to the same step.",
                bot = name(1)
            ),
        ),
        (Course::Solo, Stage::Welcome) => (
            tr("Learn the solo game").to_string(),
            tr("You play Ada in the solo game against the tempest on the numbered side of the board, on a fixed seed. Each step teaches one rule by having you do it. You can leave at any time (Esc) and come back to the same step.").to_string(),
        ),
        (Course::Solo, Stage::Guided) if t.tempest_pending => (
            tr("The tempest").to_string(),
            tr("After your turn the tempest struck (see the box below and the log): the top card of the deck was discarded and the top token of its colour went to the tempest; the black die was rolled and the space with that number, in the section the arrow pointed at, lost its dice; then the arrow turned to the next section. It does this after every turn.").to_string(),
        ),
        // Once Continue is pressed the AI is playing: the card says so, not "Press Continue"
        // (its button is gone).
        (Course::TwoPlayer, Stage::ToRoundTwo { started }) => (
            tr("Every part of a turn").to_string(),
            crate::words::sentences([
                tr("You have now done every part of a turn. A few more rules come up as the game goes on. Dice you collect that fit none of your jars go round the table: each other player in turn may take one that fits, lap after lap as long as somebody takes one, until none fits anyone; the rest go to the box lid. Every full jar is delivered at the end of the turn, whoever's turn it is, so a passed die can fill yours on another player's turn. The +1 or +2 on a jar card is a bonus scored at the end, and each space of your secret favourite colour on a delivered jar scores 1 point."),
                if started {
                    tr("The AI is playing both seats to the end of round 1: watch the board and the log. The course goes on when round 2 begins.")
                } else {
                    tr("Press Continue and the AI plays both seats to the end of round 1; watch the board and the log.")
                },
            ]),
        ),
        (Course::Solo, Stage::ToRoundTwo { started }) => (
            tr("Every part of a turn").to_string(),
            crate::words::sentences([
                tr("You have now done every part of a turn. Two more solo rules come up as the game goes on: dice you collect that fit none of your jars go to the tempest, 1 point off your score each at the end; and for a new jar you draw two cards, keep one and put the other at the bottom of the deck."),
                if started {
                    tr("The AI is playing your seat to the end of round 1: watch the board and the log. The course goes on when round 2 begins.")
                } else {
                    tr("Press Continue and the AI plays your seat to the end of round 1; watch the board and the log.")
                },
            ]),
        ),
        (Course::TwoPlayer, Stage::RoundTwo) => (
            tr("Round 2").to_string(),
            trf!(
                "Round 1 ended when all 12 pawns were on shores. The pawns came back, the dice left in the pool went to the box lid and the pool was filled again. {first} placed the last pawn of round 1, so {first} starts round 2, and round 2 goes counter-clockwise: see the turn order at the top.",
                first = name(state.first_player)
            ),
        ),
        (Course::Solo, Stage::RoundTwo) => (
            tr("Round 2").to_string(),
            tr("Round 1 ended after your 6 pawns. They stay on their shores and block them; you get the other 6. The pool was filled again, and the marker was flipped: the arrow keeps pointing where it is but now turns counter-clockwise.").to_string(),
        ),
        (_, Stage::ToTheEnd { started }) => (
            tr("To the end").to_string(),
            if started {
                tr("The AI is playing on to the end of the game; then comes final scoring.")
            } else {
                tr("Press Continue and the AI plays on to the end of the game; then comes final scoring.")
            }
            .to_string(),
        ),
        (_, Stage::Scoring) => (tr("Final scoring").to_string(), scoring_text(state, names)),
        (Course::TwoPlayer, Stage::Done) => (
            tr("Well done").to_string(),
            tr("You have played a whole two-player game, from the jar draft to final scoring. Start a real game from Play, or look any rule up with F1.").to_string(),
        ),
        (Course::Solo, Stage::Done) => (
            tr("Well done").to_string(),
            tr("You have played a whole solo game against the tempest. Start a real one from Play, or look any rule up with F1.").to_string(),
        ),
        _ => (String::new(), String::new()),
    }
}

/// Final scoring explained from the game's own result, a majority tie first.
fn scoring_text(state: &GameState, names: &[String]) -> String {
    let result = state.final_score();
    let name = |s: u8| names.get(s as usize).cloned().unwrap_or_default();
    let mut parts = vec![tr("Each token colour's majority was settled first: whoever holds the most tokens of a colour takes the tokens left in that stack, 1 point each.").to_string()];
    if let Some(m) = result.majorities.iter().find(|m| m.leaders.len() > 1) {
        let holders: Vec<String> = m
            .leaders
            .iter()
            .filter_map(|h| match h {
                crate::engine::scoring::Holder::Player(p) => Some(name(*p)),
                crate::engine::scoring::Holder::Tempest => None,
            })
            .collect();
        // "Ada and Coral", as the score table beside says it.
        let holders = crate::words::join_names(&holders);
        parts.push(trf!(
            "{colour} was a tie: {holders} held {count} tokens each, so they shared the {left} left: {each} each, and {discarded} discarded.",
            colour = crate::app::theme::capitalised(m.colour.label()),
            holders,
            count = m.counts.iter().copied().max().unwrap_or(0),
            left = m.remaining,
            each = m.each,
            discarded = m.discarded
        ));
    }
    parts.push(tr("Then tokens, jar bonuses, favourite-colour spaces on delivered jars and half the dice left on jars were added up; the table below shows each line. Level totals go to whoever delivered more jars; still level, the victory is shared.").to_string());
    if let Outcome::Solo { net, won } = result.outcome {
        parts.push(if won {
            trf!("Your score after the tempest's share is {net}: a win.", net)
        } else {
            trf!(
                "Your score after the tempest's share is {net}: the tempest wins this time.",
                net
            )
        });
    }
    crate::words::sentences(parts)
}

/// Plays a course through as a learner following every instruction would, and says which
/// lessons came up (for the seed tests; `None` if the game went wrong).
pub fn rehearse(course: Course) -> Option<(Tutor, GameState)> {
    rehearse_on(course, Tutor::new(course).seed())
}

/// `rehearse` on another seed, with the game as it ended.
pub fn rehearse_on(course: Course, seed: u64) -> Option<(Tutor, GameState)> {
    let mut m = Tutor::match_on(course, seed);
    let mut t = Tutor::new(course);
    let mut opponent = Tutor::opponent();
    let mut guide = Tutor::guide();
    for _ in 0..100_000 {
        t.follow(&m.state);
        if t.stage == Stage::Done {
            return Some((t, m.state));
        }
        match t.want(&m.state) {
            Want::Continue => {
                t.next(&m.state);
                continue;
            }
            Want::Move(a) => {
                let before = m.state.decision();
                t.check(&m.state, &a).ok()?;
                m.apply_quiet(a).ok()?;
                t.learnt(&before);
                continue;
            }
            // A learner playing their own seat plays it as the guide would.
            Want::Wait | Want::Free => {}
        }
        match m.state.to_act() {
            ToAct::Chance => m.run_chance_quiet(),
            ToAct::Seat(s) => {
                let legal = m.state.legal_actions();
                let obs = m.state.observation(Some(s));
                let a = if s == LEARNER {
                    guide.choose(&obs, &legal)
                } else {
                    opponent.choose(&obs, &legal)
                };
                m.apply_quiet(a).ok()?;
            }
            ToAct::Nobody => {
                t.follow(&m.state);
                if t.stage == Stage::Done || t.stage == Stage::Scoring {
                    t.next(&m.state);
                }
            }
        }
    }
    None
}

/// Does a rehearsed course on this seed show every lesson: the guided part done in round 1,
/// and (two players) a majority tie at the end?
pub fn good_seed(course: Course, seed: u64) -> bool {
    let Some((t, end)) = rehearse_on(course, seed) else {
        return false;
    };
    let tie = end
        .final_score()
        .majorities
        .iter()
        .any(|m| m.leaders.len() > 1);
    t.guided_done() && (course == Course::Solo || tie)
}
