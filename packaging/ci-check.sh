#!/usr/bin/env bash
# Packaging check for CI (.ci/run calls it after the tests): builds the .deb and the
# tarball, validates the desktop entry and the AppStream metainfo, installs the .deb with apt,
# runs the installed binary, checks the tarball's contents and starts the installed app from
# its desktop entry under Xvfb (packaging/launch-check.sh).
# Runs on a fresh Debian or Ubuntu machine as root (or with sudo); installs what it needs.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS

APP_ID=io.github.noctiluca.Table
export DEBIAN_FRONTEND=noninteractive
sudo_cmd=()
[ "$(id -u)" -ne 0 ] && sudo_cmd=(sudo)

# Tools: validators, dpkg-shlibdeps (for the package's libc dependency) and, for the launch
# check, a virtual X server and two X utilities. Installed quietly, only when missing.
need=()
command -v desktop-file-validate >/dev/null 2>&1 || need+=(desktop-file-utils)
command -v appstreamcli >/dev/null 2>&1 || need+=(appstream)
command -v dpkg-shlibdeps >/dev/null 2>&1 || need+=(dpkg-dev)
command -v Xvfb >/dev/null 2>&1 || need+=(xvfb)
command -v xdotool >/dev/null 2>&1 || need+=(xdotool)
command -v xprop >/dev/null 2>&1 || need+=(x11-utils)
"${sudo_cmd[@]}" apt-get update -qq
if ((${#need[@]})); then
    echo "installing: ${need[*]}"
    "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# The tests have just built the binary (unoptimised); the check packages that one rather than
# spending minutes on an optimised build that checks nothing more about the package.
NOCTILUCA_PACKAGE_PROFILE=${NOCTILUCA_PACKAGE_PROFILE:-dev} packaging/build.sh

pkgid=$(cargo pkgid)
version=${pkgid##*[#@]}
target_dir=${CARGO_TARGET_DIR:-target}
deb=$(ls "$target_dir"/debian/noctiluca_"$version"-*.deb)
tarball=$target_dir/dist/noctiluca-$version-$(uname -m)-linux.tar.gz

echo "== desktop-file-validate"
desktop-file-validate "packaging/linux/$APP_ID.desktop"
echo "== appstreamcli validate --no-net"
# --no-net: the homepage and screenshot URLs are not fetched (CI has no network to them).
appstreamcli validate --no-net "packaging/linux/$APP_ID.metainfo.xml"

echo "== apt-get install $deb"
# Recommends (file-dialog portal, zenity, the fonts of other alphabets) pull in a desktop's worth of packages; they are
# only checked to exist in the archive.
deb_path=$deb
[[ $deb_path = /* ]] || deb_path=./$deb_path # apt takes a file only as a path with a slash
# --reinstall: a machine that already has this version (an earlier run) must get this build.
"${sudo_cmd[@]}" apt-get install -y -qq --reinstall --no-install-recommends "$deb_path" >/dev/null
# What is installed is this package's binary, byte for byte.
unpacked=$(mktemp -d)
dpkg-deb -x "$deb" "$unpacked"
cmp "$unpacked/usr/bin/noctiluca" /usr/bin/noctiluca ||
    { echo "/usr/bin/noctiluca is not the binary of $deb" >&2; exit 1; }
rm -rf "$unpacked"
for p in xdg-desktop-portal xdg-desktop-portal-gtk zenity fonts-dejavu-core; do
    apt-cache show "$p" >/dev/null
done

echo "== installed files"
for f in /usr/bin/noctiluca \
    "/usr/share/applications/$APP_ID.desktop" \
    "/usr/share/metainfo/$APP_ID.metainfo.xml" \
    /usr/share/icons/hicolor/{32x32,48x48,64x64,128x128,256x256,512x512}/apps/"$APP_ID.png" \
    "/usr/share/icons/hicolor/scalable/apps/$APP_ID.svg" \
    /usr/share/noctiluca/data/{jar-deck,token-values,solo-board}.ron \
    /usr/share/man/man1/noctiluca.1.gz /usr/share/man/man1/noctiluca-simulate.1.gz \
    /usr/share/bash-completion/completions/noctiluca \
    /usr/share/zsh/vendor-completions/_noctiluca /usr/share/fish/vendor_completions.d/noctiluca.fish \
    /usr/share/doc/noctiluca/{copyright,README.md,LICENSE-MIT,LICENSE-APACHE,NotoEmoji-OFL.txt,NotoSansCJK-OFL.txt} \
    /usr/share/doc/noctiluca/{Ubuntu-UFL.txt,Hack-LICENSE.txt,egui-icons-LICENSE.txt}; do
    [ -f "$f" ] || { echo "missing after install: $f" >&2; exit 1; }
done
desktop-file-validate "/usr/share/applications/$APP_ID.desktop"
appstreamcli validate --no-net "/usr/share/metainfo/$APP_ID.metainfo.xml" >/dev/null
echo "all present"

echo "== /usr/bin/noctiluca --version"
got=$(/usr/bin/noctiluca --version)
echo "$got"
[ "$got" = "noctiluca $version" ] || { echo "expected: noctiluca $version" >&2; exit 1; }
echo "== /usr/bin/noctiluca seed --code K7M2-QX9P"
/usr/bin/noctiluca seed --code K7M2-QX9P >"$target_dir/seed.txt"
head -n 3 "$target_dir/seed.txt"
first=$(head -n 1 "$target_dir/seed.txt")
# Typed without its check character, the code is shown with it.
[ "$first" = "Seed code K7M2-QX9P-6" ] || { echo "unexpected first line: $first" >&2; exit 1; }

echo "== $tarball"
tar -tzf "$tarball" >"$target_dir/tarball.txt"
grep -v '/$' "$target_dir/tarball.txt"
top=noctiluca-$version-$(uname -m)-linux
for f in bin/noctiluca README.md INSTALL.txt LICENSE-MIT LICENSE-APACHE LICENSE-OFL-NotoEmoji.txt \
    LICENSE-OFL-NotoSansCJK.txt LICENSE-UFL-Ubuntu.txt LICENSE-Hack.txt LICENSE-egui-icons.txt \
    "share/applications/$APP_ID.desktop" "share/metainfo/$APP_ID.metainfo.xml" \
    share/icons/hicolor/{32x32,48x48,64x64,128x128,256x256,512x512}/apps/"$APP_ID.png" \
    "share/icons/hicolor/scalable/apps/$APP_ID.svg" \
    share/noctiluca/data/{jar-deck,token-values,solo-board}.ron share/man/man1/noctiluca.1.gz \
    share/man/man1/noctiluca-simulate.1.gz; do
    grep -qx "$top/$f" "$target_dir/tarball.txt" || { echo "missing from tarball: $f" >&2; exit 1; }
done
echo "all present"

echo "== launch from the desktop entry"
packaging/launch-check.sh

echo "== packaging check passed in $((SECONDS - start)) s"
