#!/bin/sh
# Fuzzes the readers of user files — game logs with replay, score sheets with scoring, and the
# component data (jar deck, token stacks, solo board, whole set) — for SECONDS each (default
# 60). Needs cargo-fuzz (installed if missing) and a nightly toolchain; without one, the
# stable toolchain is asked to accept the nightly flags. Crashes, if any, are left in
# tests/fuzz/artifacts/TARGET/.
#
#   packaging/fuzz.sh [SECONDS]
set -eu
secs=${1:-60}
cd "$(dirname "$0")/.."
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
if rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    run() { cargo +nightly fuzz "$@"; }
else
    export RUSTC_BOOTSTRAP=1
    run() { cargo fuzz "$@"; }
fi
corpus=target/fuzz-corpus
# A fresh corpus each run (simulate never writes over a log of an earlier run).
rm -rf "$corpus"
mkdir -p "$corpus/log" "$corpus/sheet" "$corpus/components"
# Seeds: real files of each kind; the solo games numbered after the others (--from), so that
# their logs take names of their own in the same folder.
cargo run -q --release -- simulate --players 3 --games 4 --seed 1 --log-dir "$corpus/log" >/dev/null
cargo run -q --release -- simulate --solo --from 5 --games 2 --seed 2 --log-dir "$corpus/log" >/dev/null
cp tests/data/score-4p.ron "$corpus/sheet/"
k=0
for f in jar-deck token-values solo-board; do
    { printf "\\$(printf %o $k)"; cat "assets/data/$f.ron"; } >"$corpus/components/$f"
    k=$((k + 1))
done
NOCTILUCA_CONFIG_DIR="$corpus/no-config" cargo run -q --release -- components export "$corpus/set.ron"
{ printf '\003'; cat "$corpus/set.ron"; } >"$corpus/components/my-set"
for target in log sheet components; do
    echo "== $target ($secs s)"
    run run --fuzz-dir tests/fuzz "$target" "$corpus/$target" -- \
        -max_total_time="$secs" -rss_limit_mb=2048 -print_final_stats=1
done
