//! A joined seat whose connection closed (the host closed the game, or the network dropped)
//! tries to take its seat back by itself: every few seconds, for a while, until the host's
//! game answers. The player can stop it, or try at once with Rejoin.

/// Seconds between two tries.
pub const RETRY_EVERY: f64 = 3.0;
/// Seconds after the connection closed when the tries stop.
pub const RETRY_FOR: f64 = 600.0;

/// Trying to take the seat back, in the window's time (seconds).
#[derive(Clone, Debug, PartialEq)]
pub struct Retry {
    /// When the connection closed.
    pub since: f64,
    /// When the next try is due.
    pub next: f64,
    /// Tries made so far.
    pub tries: u32,
    /// Why the connection closed when the tries started: what the screen says of it while
    /// they go on (a try that finds nothing would change the words, and move the buttons
    /// beside them under the pointer).
    pub why: crate::net::CloseReason,
}

/// Where the tries to take a seat back stand.
#[derive(Clone, Debug, PartialEq)]
pub enum Tries {
    /// None under way: they start when the connection to the host closes.
    Ready,
    Going(Retry),
    /// The player stopped them: none start again until a connection reaches the host.
    Stopped,
    /// The time was up (said so), and none start again until a connection reaches the host.
    GaveUp,
}

impl Tries {
    /// Ends the tries under way, if any (back to `Ready`); returns whether there were.
    pub fn end(&mut self) -> bool {
        let going = matches!(self, Tries::Going(_));
        if going {
            *self = Tries::Ready;
        }
        going
    }
}

/// What a retry does at a given time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RetryStep {
    /// Nothing yet: the next try is due in so many seconds.
    Wait(f64),
    /// Try now.
    Try,
    /// Stop trying: the time is up.
    GiveUp,
}

impl Retry {
    /// A retry for a connection that closed at `now` for `why`: its first try a few seconds
    /// later (the host is not back at once).
    pub fn new(now: f64, why: crate::net::CloseReason) -> Retry {
        Retry {
            since: now,
            next: now + RETRY_EVERY,
            tries: 0,
            why,
        }
    }

    /// What to do at `now`; a try is counted and the next one set.
    pub fn step(&mut self, now: f64) -> RetryStep {
        if now - self.since >= RETRY_FOR {
            return RetryStep::GiveUp;
        }
        if now < self.next {
            return RetryStep::Wait(self.next - now);
        }
        self.tries += 1;
        // From now, not from when it was due: a window that drew nothing for a while (it was
        // hidden) tries once, not once for each try it missed.
        self.next = now + RETRY_EVERY;
        RetryStep::Try
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tries_come_every_few_seconds_until_the_time_is_up() {
        let mut r = Retry::new(100.0, crate::net::CloseReason::HostClosed);
        assert_eq!(r.step(100.0), RetryStep::Wait(RETRY_EVERY));
        assert_eq!(r.step(101.0), RetryStep::Wait(RETRY_EVERY - 1.0));
        assert_eq!(r.step(100.0 + RETRY_EVERY), RetryStep::Try);
        assert_eq!(r.tries, 1);
        // The next is counted from the try.
        assert_eq!(
            r.step(100.0 + RETRY_EVERY + 1.0),
            RetryStep::Wait(RETRY_EVERY - 1.0)
        );
        // A window asleep for a minute tries once on waking, then waits again.
        assert_eq!(r.step(170.0), RetryStep::Try);
        assert_eq!(r.step(170.5), RetryStep::Wait(RETRY_EVERY - 0.5));
        assert_eq!(r.tries, 2);
        assert_eq!(r.step(100.0 + RETRY_FOR - 0.1), RetryStep::Try);
        assert_eq!(r.step(100.0 + RETRY_FOR), RetryStep::GiveUp);
        assert_eq!(r.tries, 3);
    }

    #[test]
    fn ending_the_tries_keeps_a_stop() {
        let mut t = Tries::Going(Retry::new(0.0, crate::net::CloseReason::Lost));
        assert!(t.end());
        assert_eq!(t, Tries::Ready);
        // Stopped by the player, or the time up: they stay so (no tries start again).
        for mut t in [Tries::Stopped, Tries::GaveUp] {
            let was = t.clone();
            assert!(!t.end());
            assert_eq!(t, was);
        }
    }
}
