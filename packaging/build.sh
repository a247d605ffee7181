#!/usr/bin/env bash
# Builds the Linux packages from a checkout:
#   target/debian/noctiluca_<version>-1_amd64.deb          (cargo-deb, [package.metadata.deb])
#   target/dist/noctiluca-<version>-x86_64-linux.tar.gz    (release tarball)
# The release binary is built once; cargo-deb packages it with --no-build.
# NOCTILUCA_PACKAGE_PROFILE=dev packages the unoptimised binary a `cargo test` has just built
# instead (the CI packaging check: it checks the package, not the binary's speed).
# Needs the Rust toolchain and a C linker; installs cargo-deb (pinned) if it is missing.
# The icons, desktop entry and metainfo are checked in, so no other tools are needed.
set -euo pipefail
cd "$(dirname "$0")/.."

CARGO_DEB_VERSION=3.8.0
APP_ID=io.github.noctiluca.Table

if ! cargo deb --version >/dev/null 2>&1; then
    echo "== cargo install cargo-deb $CARGO_DEB_VERSION"
    cargo install --locked --version "$CARGO_DEB_VERSION" cargo-deb
fi

pkgid=$(cargo pkgid)
version=${pkgid##*[#@]}
arch=$(uname -m)
target_dir=${CARGO_TARGET_DIR:-target}
profile=${NOCTILUCA_PACKAGE_PROFILE:-release}
case $profile in
dev) bin=$target_dir/debug/noctiluca ;;
*) bin=$target_dir/$profile/noctiluca ;;
esac

# The real packages name no folder of the machine that built them (the checkout, the cargo
# registry) in the binary, so the same commit gives the same bytes wherever it is built. (CI's
# quick check reuses the test build instead, which keeps its paths.)
if [ "$profile" != dev ]; then
    export RUSTFLAGS="${RUSTFLAGS:-} --remap-path-prefix=$PWD=. --remap-path-prefix=${CARGO_HOME:-$HOME/.cargo}=/cargo"
fi

echo "== cargo build --profile $profile --locked"
cargo build --profile "$profile" --locked -p noctiluca --bin noctiluca

echo "== manual page and shell completions"
# Written by the binary itself, into target/ (the paths the package's assets name).
rm -rf target/man target/completions
mkdir -p target/man target/completions
# The main page and one per subcommand (noctiluca-simulate.1 and so on), which it names.
"$bin" man --dir target/man
gzip -9n target/man/*.1
"$bin" completions bash >target/completions/noctiluca
"$bin" completions zsh >target/completions/_noctiluca
"$bin" completions fish >target/completions/noctiluca.fish

echo "== cargo deb --no-build --profile $profile"
rm -f "$target_dir"/debian/noctiluca_*.deb
cargo deb -p noctiluca --no-build --locked --profile "$profile"
deb=$(ls "$target_dir"/debian/noctiluca_"$version"-*.deb)

echo "== release tarball"
name=noctiluca-$version-$arch-linux
dist=$target_dir/dist
stage=$dist/$name
rm -rf "$stage" "$dist/$name.tar.gz"
mkdir -p "$stage/bin" "$stage/share/applications" "$stage/share/metainfo" \
    "$stage/share/noctiluca/data" "$stage/share/man/man1"
install -m 755 "$bin" "$stage/bin/"
strip "$stage/bin/noctiluca" 2>/dev/null || true
install -m 644 README.md LICENSE-MIT LICENSE-APACHE "$stage/"
install -m 644 assets/fonts/OFL.txt "$stage/LICENSE-OFL-NotoEmoji.txt"
install -m 644 assets/fonts/OFL-NotoSansCJK.txt "$stage/LICENSE-OFL-NotoSansCJK.txt"
install -m 644 assets/fonts/UFL-Ubuntu.txt "$stage/LICENSE-UFL-Ubuntu.txt"
install -m 644 assets/fonts/LICENSE-Hack.txt "$stage/LICENSE-Hack.txt"
install -m 644 assets/fonts/LICENSE-egui-icons.txt "$stage/LICENSE-egui-icons.txt"
install -m 644 packaging/tarball-install.txt "$stage/INSTALL.txt"
install -m 644 "packaging/linux/$APP_ID.desktop" "$stage/share/applications/"
install -m 644 "packaging/linux/$APP_ID.metainfo.xml" "$stage/share/metainfo/"
for dir in packaging/icons/hicolor/*/apps; do
    size=$(basename "$(dirname "$dir")")
    mkdir -p "$stage/share/icons/hicolor/$size/apps"
    install -m 644 "$dir"/"$APP_ID".* "$stage/share/icons/hicolor/$size/apps/"
done
install -m 644 assets/data/*.ron "$stage/share/noctiluca/data/"
install -m 644 target/man/*.1.gz "$stage/share/man/man1/"

# Same bytes for the same commit: fixed order, owners and times, no gzip timestamp.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" \
    -C "$dist" -cf - "$name" | gzip -9n >"$dist/$name.tar.gz"
rm -rf "$stage"

echo "built:"
ls -l "$deb" "$dist/$name.tar.gz"
