//! Ctrl-C in a long run (`simulate`, `arena`, `review`, `serve`): the first asks the run to
//! stop after the games under way and say what it has (`serve`: tell its players); a second
//! ends the program at once.

use std::sync::atomic::{AtomicBool, Ordering};

static STOP: AtomicBool = AtomicBool::new(false);

/// What a run stopped by Ctrl-C returns: the command line then exits with status 130, as a
/// program ended by the interrupt does.
pub const INTERRUPTED: &str = "stopped by Ctrl-C";

/// `INTERRUPTED` for a run that has said so already, with the games it played
/// (`games_played`): the command line then exits with status 130 and says nothing more.
pub const INTERRUPTED_SAID: &str = "stopped by Ctrl-C, said";

/// Has Ctrl-C been pressed?
pub fn interrupted() -> bool {
    STOP.load(Ordering::Relaxed)
}

/// Said at once on the first Ctrl-C: a run with slow bots may take a while to finish the
/// games under way, and had said nothing until then.
#[cfg(unix)]
const STOPPING: &[u8] =
    b"\nstopping after what is under way; Ctrl-C again ends at once, with no summary\n";

#[cfg(unix)]
extern "C" fn on_interrupt(_: libc::c_int) {
    // Only what a signal handler may do: an atomic swap, `write` and `_exit`.
    if STOP.swap(true, Ordering::SeqCst) {
        // SAFETY: `_exit` is async-signal-safe.
        unsafe { libc::_exit(130) }
    }
    // SAFETY: `write` is async-signal-safe; the bytes are a static's. What it returns does
    // not matter here (nothing can be done about a closed error stream).
    unsafe {
        libc::write(2, STOPPING.as_ptr().cast(), STOPPING.len());
    }
}

/// From now on Ctrl-C asks the run to stop (see the module's words).
pub fn catch() {
    #[cfg(unix)]
    // SAFETY: the handler does only async-signal-safe work.
    unsafe {
        libc::signal(
            libc::SIGINT,
            on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t,
        );
    }
}

/// `catch`, and the request to end a program (SIGTERM: `kill`, a service stopped) taken the
/// same way: for `serve`, which then tells its players before it ends.
pub fn catch_with_terminate() {
    catch();
    #[cfg(unix)]
    // SAFETY: the handler does only async-signal-safe work.
    unsafe {
        libc::signal(
            libc::SIGTERM,
            on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t,
        );
    }
}

/// Sets `cancel` once Ctrl-C is pressed, while `work` runs (for work that watches a cancel
/// flag of its own).
pub fn cancelling<T>(cancel: &std::sync::Arc<AtomicBool>, work: impl FnOnce() -> T) -> T {
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                if interrupted() {
                    cancel.store(true, Ordering::Relaxed);
                    return;
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
        });
        let out = work();
        done.store(true, Ordering::Relaxed);
        out
    })
}

/// How many of `planned` games a run played (`done`), and whether Ctrl-C stopped it short
/// (then said on the standard error: the figures that follow are those of the games played).
pub fn games_played(planned: u64, done: &std::sync::atomic::AtomicUsize) -> (u64, bool) {
    let games = done.load(Ordering::Relaxed) as u64;
    let stopped = games < planned && interrupted();
    if stopped {
        eprintln!(
            "stopped by Ctrl-C after {games} of {planned} games; the figures below are theirs"
        );
    }
    (games, stopped)
}
