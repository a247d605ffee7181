//! `noctiluca` with no arguments opens the window; with a subcommand it runs headless.

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() {
        return noctiluca::app::run();
    }
    noctiluca::cli::run(&args)
}
