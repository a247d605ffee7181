//! `noctiluca` with no arguments opens the window; with a subcommand it runs headless.

fn main() -> std::process::ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if args.is_empty() {
        return noctiluca::app::run();
    }
    // A reader that stops early (`noctiluca review LOG | head`) ends the command quietly, as
    // it does any other command-line tool, instead of a panic on the closed pipe.
    #[cfg(unix)]
    // SAFETY: set once at start-up, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    noctiluca::cli::run(&args)
}
