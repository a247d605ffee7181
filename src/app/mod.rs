//! The desktop app (being built).

/// Opens the window.
pub fn run() -> std::process::ExitCode {
    eprintln!("the desktop window is not part of this build yet; try `noctiluca --help`");
    std::process::ExitCode::FAILURE
}
