#!/usr/bin/env bash
# Starts the installed app the way a menu does, from the Exec line of its installed desktop
# entry, on a virtual X display (Xvfb), and checks that its window appears with the WM_CLASS
# the entry's StartupWMClass names (so the desktop shows the right icon for it).
#
#   packaging/launch-check.sh [SCREENSHOT.png]
#
# With an argument, also saves a screenshot of the display (needs ImageMagick's `import`).
# Needs Xvfb, xdotool and xprop (Debian: xvfb xdotool x11-utils) and the installed package.
# The app runs with an empty temporary home, so it opens on its home screen.
set -euo pipefail

APP_ID=io.github.noctiluca.Table
entry=/usr/share/applications/$APP_ID.desktop
shot=${1:-}

[ -f "$entry" ] || { echo "launch-check: $entry is not installed" >&2; exit 1; }
exec_line=$(sed -n 's/^Exec=//p' "$entry" | head -n1 | sed 's/ %[fFuUdDnNickvm]//g')
wm_class=$(sed -n 's/^StartupWMClass=//p' "$entry" | head -n1)
[ "$wm_class" = "$APP_ID" ] || { echo "launch-check: StartupWMClass is '$wm_class'" >&2; exit 1; }

home=$(mktemp -d)
xvfb_pid=
app_pid=
cleanup() {
    local rc=$?
    if [ -n "$app_pid" ]; then kill "$app_pid" 2>/dev/null || true; wait "$app_pid" 2>/dev/null || true; fi
    if [ -n "$xvfb_pid" ]; then kill "$xvfb_pid" 2>/dev/null || true; wait "$xvfb_pid" 2>/dev/null || true; fi
    rm -rf "$home"
    exit "$rc"
}
trap cleanup EXIT

# Xvfb picks a free display number and writes it to fd 3.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$home/display" >"$home/xvfb.log" 2>&1 &
xvfb_pid=$!
for _ in $(seq 100); do
    [ -s "$home/display" ] && break
    sleep 0.1
done
display=:$(head -n1 "$home/display" 2>/dev/null || true)
DISPLAY=$display xdotool getdisplaygeometry >/dev/null 2>&1 || { cat "$home/xvfb.log" >&2; exit 1; }

echo "launch-check: Exec=$exec_line on $display"
# Starts the app as a desktop would: the Exec line split into words, looked up on PATH.
launch() {
    # shellcheck disable=SC2086
    env -u WAYLAND_DISPLAY DISPLAY="$display" HOME="$home" XDG_CONFIG_HOME="$home/.config" \
        XDG_DATA_HOME="$home/.local/share" XDG_RUNTIME_DIR="$home" $exec_line >"$home/app.log" 2>&1 &
    app_pid=$!
}
# Waits for the app's window; empty if the app ended first or none came.
find_window() {
    wid=
    for _ in $(seq 120); do
        wid=$(DISPLAY=$display xdotool search --onlyvisible --class "$APP_ID" 2>/dev/null | head -n1 || true)
        [ -n "$wid" ] && break
        kill -0 "$app_pid" 2>/dev/null || break
        sleep 0.5
    done
}
launch
find_window
# A new display on a busy machine has once refused the app's first connection: one more
# try, said, before failing.
if [ -z "$wid" ] && grep -q "Failed to open connection to X server" "$home/app.log"; then
    echo "launch-check: the app could not connect to $display at once; trying again" >&2
    sleep 1
    launch
    find_window
fi
if [ -z "$wid" ]; then
    echo "launch-check: no window with class $APP_ID appeared; the app said:" >&2
    cat "$home/app.log" >&2
    echo "launch-check: the display's log:" >&2
    cat "$home/xvfb.log" >&2
    exit 1
fi
class=$(DISPLAY=$display xprop -id "$wid" WM_CLASS)
title=$(DISPLAY=$display xdotool getwindowname "$wid")
echo "launch-check: window $wid \"$title\", $class"
case $class in
    *"\"$APP_ID\""*) ;;
    *) echo "launch-check: WM_CLASS does not match StartupWMClass=$APP_ID" >&2; exit 1 ;;
esac
icon=
for _ in $(seq 40); do # the icon is set just after the window appears
    icon=$(DISPLAY=$display xprop -id "$wid" -len 8 _NET_WM_ICON | grep -o 'Icon ([0-9]* x [0-9]*)' || true)
    [ -n "$icon" ] && break
    sleep 0.25
done
[ -n "$icon" ] || { echo "launch-check: the window has no icon (_NET_WM_ICON)" >&2; exit 1; }
echo "launch-check: window icon: $icon"

if [ -n "$shot" ]; then
    sleep 3 # let the first frames render
    DISPLAY=$display import -window root -strip "$shot"
    echo "launch-check: screenshot $shot"
fi
echo "launch-check: ok"
