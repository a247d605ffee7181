#!/usr/bin/env bash
# Renders the app icon's PNG sizes from its one source, assets/icons/noctiluca.svg:
#   packaging/icons/hicolor/<N>x<N>/apps/io.github.noctiluca.Table.png  (the hicolor theme)
#   assets/icons/noctiluca.png                                          (the window icon, 256 px)
# The PNGs are checked in, so building a package does not need this script or its tool,
# rsvg-convert (Debian package librsvg2-bin). Run it again after editing the SVG.
set -euo pipefail
cd "$(dirname "$0")/../.."

src=assets/icons/noctiluca.svg
app_id=io.github.noctiluca.Table
command -v rsvg-convert >/dev/null || { echo "render.sh needs rsvg-convert (apt-get install librsvg2-bin)" >&2; exit 1; }

for size in 32 48 64 128 256 512; do
    dir=packaging/icons/hicolor/${size}x${size}/apps
    mkdir -p "$dir"
    rsvg-convert --width "$size" --height "$size" --format png "$src" --output "$dir/$app_id.png"
    echo "$dir/$app_id.png"
done
mkdir -p packaging/icons/hicolor/scalable/apps
cp "$src" "packaging/icons/hicolor/scalable/apps/$app_id.svg"
echo "packaging/icons/hicolor/scalable/apps/$app_id.svg"
cp "packaging/icons/hicolor/256x256/apps/$app_id.png" assets/icons/noctiluca.png
echo assets/icons/noctiluca.png
