#!/usr/bin/env bash
# Unfold's one entry point: installs what is missing, builds with SwiftPM, runs.
#
#   ./meson-wrapper.sh run [APP OPTIONS]   build and launch the app
#   ./meson-wrapper.sh test                build and run the whole test suite
#   ./meson-wrapper.sh build               build only
#
# Named for what it becomes: the script a meson.build calls to drive SwiftPM,
# as GNOME's Rust apps wrap cargo.
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"

# Debian 12 packages. The app needs GTK 4; the tests also need a display (Xvfb),
# a session bus for accessibility (dbus, at-spi2-core), real input events
# (xdotool) and an AT-SPI client (python3-gi, gir1.2-atspi-2.0).
run_packages=(libgtk-4-dev pkg-config adwaita-icon-theme fonts-dejavu-core)
test_packages=("${run_packages[@]}" xvfb xauth dbus at-spi2-core xdotool python3-gi gir1.2-atspi-2.0)

say() { printf 'meson-wrapper: %s\n' "$*" >&2; }

missing_packages() {
  local package
  for package in "$@"; do
    dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q '^install ok installed$' || printf '%s\n' "$package"
  done
}

# Installs the packages that are missing when run as root; otherwise says
# exactly what to run and stops.
ensure_packages() {
  local missing
  mapfile -t missing < <(missing_packages "$@")
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ]; then
    say "missing Debian packages: ${missing[*]}"
    say "install them with: sudo apt-get install -y ${missing[*]}"
    exit 1
  fi
  say "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

ensure_swift() {
  command -v swift >/dev/null || { say "swift is not on PATH (Swift 6 toolchain required)"; exit 1; }
}

build() {
  ensure_swift
  swift build "$@" 2> >(grep -v 'warning: prohibited flag(s)' >&2)
}

# Runs a command with a display and a session bus, starting Xvfb and
# dbus-run-session when the environment has none (CI, ssh).
with_display() {
  local command=("$@")
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    command=(xvfb-run -a -s "-screen 0 1280x1024x24 -nolisten tcp" "${command[@]}")
  fi
  if [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
    command=(dbus-run-session -- "${command[@]}")
  fi
  "${command[@]}"
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
  build)
    ensure_packages "${run_packages[@]}"
    build "$@"
    ;;
  run)
    ensure_packages "${run_packages[@]}"
    build --product unfold
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      say "no display (DISPLAY and WAYLAND_DISPLAY are unset): run this from a desktop session"
      exit 1
    fi
    exec "$(swift build --show-bin-path)/unfold" "$@"
    ;;
  test)
    ensure_packages "${test_packages[@]}"
    build --build-tests
    # A GTK critical anywhere fails the run; rendering and settings do not depend
    # on the machine's GPU or the user's desktop.
    export G_DEBUG=fatal-criticals GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GDK_BACKEND=x11
    # The apps the tests launch keep their window state away from the user's.
    XDG_CONFIG_HOME=$(mktemp -d)
    export XDG_CONFIG_HOME
    trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
    export UNFOLD_EXECUTABLE
    UNFOLD_EXECUTABLE="$(swift build --show-bin-path)/unfold"
    with_display swift test --skip-build --disable-swift-testing "$@"
    ;;
  *)
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2
    [ -z "$command" ] || say "unknown command: $command"
    exit 2
    ;;
esac
