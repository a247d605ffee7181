#!/usr/bin/env bash
# Rebuilds assets/fonts/NotoSansCJKtc-Subset.otf: Noto Sans CJK TC (SIL Open Font License 1.1,
# see OFL-NotoSansCJK.txt) cut down to the characters the app's Traditional Chinese text uses.
#
# Run it after changing assets/i18n/zh-Hant/*.ron (the tests fail on a glyph the font lacks).
# The same inputs give the same bytes: the source font is Debian's fonts-noto-cjk package at a
# fixed version (its checksum is checked) and the subsetter is fontTools at a fixed version.
set -euo pipefail
cd "$(dirname "$0")/../.."

TTC=/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc
TTC_SHA256=b76b0433203017ca80401b2ee0dd69350349871c4b19d504c34dbdd80541690a
FONTTOOLS=4.60.1
OUT=assets/fonts/NotoSansCJKtc-Subset.otf

if [ ! -f "$TTC" ]; then
    apt-get install -y fonts-noto-cjk=1:20220127+repack1-1
fi
actual=$(sha256sum "$TTC" | cut -d' ' -f1)
if [ "$actual" != "$TTC_SHA256" ]; then
    echo "unexpected $TTC (sha256 $actual); install fonts-noto-cjk 1:20220127+repack1-1" >&2
    exit 1
fi
# fontTools at its fixed version, in a virtual environment of its own when the system's Python
# has another (a Debian Python refuses packages installed into it by pip).
python=python3
if ! $python -c "import fontTools, sys; sys.exit(fontTools.version != '$FONTTOOLS')" 2>/dev/null; then
    venv=target/fonttools-venv
    if [ ! -x "$venv/bin/python3" ]; then
        python3 -m venv "$venv" 2>/dev/null || {
            apt-get install -y python3-venv
            python3 -m venv "$venv"
        }
    fi
    "$venv/bin/python3" -m pip install --quiet "fonttools==$FONTTOOLS"
    python=$venv/bin/python3
fi

# Every character outside ASCII in the catalogue and in the language picker, sorted.
chars=$(mktemp)
trap 'rm -f "$chars"' EXIT
python3 - "$chars" assets/i18n/zh-Hant/*.ron src/i18n.rs <<'PY'
import sys
out, *files = sys.argv[1:]
seen = set()
for f in files:
    seen.update(c for c in open(f, encoding="utf-8").read() if ord(c) > 0x7f)
open(out, "w", encoding="utf-8").write("".join(sorted(seen)))
print(f"{len(seen)} characters", file=sys.stderr)
PY

# Face 3 of the collection is Noto Sans CJK TC.
"$python" -m fontTools.subset "$TTC" --font-number=3 --text-file="$chars" \
    --layout-features='*' --no-hinting --desubroutinize \
    --name-IDs='*' --name-legacy --name-languages='*' \
    --output-file="$OUT"
ls -l "$OUT"
