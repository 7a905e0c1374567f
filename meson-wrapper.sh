#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Unfold's one entry point: installs what is missing, builds with SwiftPM, runs.
#
#   ./meson-wrapper.sh run [APP OPTIONS]   build (release) and launch the app
#   ./meson-wrapper.sh test [ARGS]         build and run the whole test suite
#   ./meson-wrapper.sh build               build only (the app and its translations)
#   ./meson-wrapper.sh install --prefix DIR [--documentation]
#                                          build a release with meson and install it in
#                                          DIR (meson.build's layout, .build/meson-release);
#                                          with the reference manual (share/doc/unfold-1)
#   ./meson-wrapper.sh bench [--quick]     measure against GTK's own widgets (release
#                                          build; table on stdout, JSON in .build/bench.json)
#   ./meson-wrapper.sh docs                make the motion figures under data/docs (frame strips
#                                          and Motion Plots of an expand, a reversal and a filter
#                                          change) from the real app, in a display of its own
#   ./meson-wrapper.sh fuzz [OPTIONS]      fuzz the labels-file parser (libFuzzer options,
#                                          e.g. -max_total_time=600); findings land in
#                                          .build/fuzz-findings
#   ./meson-wrapper.sh pot                 refresh data/po/POTFILES.in, unfold.pot and the .po files
#   ./meson-wrapper.sh meson-check [--scratch-path DIR] [--builddir DIR] [--destdir DIR]
#                                          the test command's meson phase alone: setup (buildtype
#                                          debug, prefix /usr), compile, meson test, install into
#                                          a destdir (kept only if given); lists what it installed
#   ./meson-wrapper.sh on RELEASE [--debian-swift] COMMAND [ARGS]
#                                          any command above in a root of another Debian release
#                                          (debian-12, debian-13, debian-testing), made with
#                                          debootstrap and kept in /var/cache/unfold/roots; as root.
#                                          This machine's Swift is bound in; --debian-swift uses the
#                                          release's own (apt's swiftlang) instead
#   ./meson-wrapper.sh release-tests [RELEASE…]
#                                          the suites CI runs on the other releases (debian-13 and
#                                          debian-testing by default), each through `on` (as root);
#                                          on debian-13, a build with its own Swift too
#   ./meson-wrapper.sh help                this list
#
# meson.build calls it too, as GNOME's Rust apps' meson.build calls cargo:
#   ./meson-wrapper.sh meson-build BUILDTYPE SCRATCH_DIR OUTPUT [strip|nostrip]
#                                          swift build the app into SCRATCH_DIR, copy it to OUTPUT
#   ./meson-wrapper.sh check-potfiles      data/po/POTFILES.in names every translatable file
set -euo pipefail
# The app resolves relative paths (--labels FILE) where the user typed them.
caller_dir=$PWD
cd "$(dirname "$(readlink -f "$0")")"

app_id=io.github.unfold.Unfold
# Debian 12 packages. The app needs GTK 4, libadwaita and gettext's msgfmt (to
# build its translations); meson.build needs meson and ninja, and its tests the
# desktop-file and AppStream validators; the tests also need a display (Xvfb),
# a session bus for accessibility (dbus, at-spi2-core), real input events
# (xdotool), an AT-SPI client (python3-gi, gir1.2-atspi-2.0), screenshots
# (imagemagick), memcheck (valgrind), gdbus to call the app's D-Bus actions,
# and a UTF-8 locale other than C (glibc ignores LANGUAGE under C).
# The icon theme's SVG icons need librsvg's loader, which Debian 13's
# adwaita-icon-theme only recommends (without it: "missing image" icons).
run_packages=(libgtk-4-dev libadwaita-1-dev pkg-config adwaita-icon-theme librsvg2-common fonts-dejavu-core gettext locales)
# The library's introspection data and Vala bindings need GObject
# introspection's scanner (and GLib's GIR files) and vapigen; its manual gi-docgen.
library_packages=(gobject-introspection libgirepository1.0-dev valac)
meson_packages=(meson ninja-build desktop-file-utils appstream "${library_packages[@]}" gi-docgen)
# GNOME's compositor, headless, for the tests under Wayland: its screen cast
# goes through PipeWire (and WirePlumber, which links the stream) to
# GStreamer; GNOME's settings store (dconf) carries a setting to the app live,
# through the settings portal on GTK 4.24 (which reads it no other way there).
wayland_packages=(mutter pipewire wireplumber gstreamer1.0-pipewire gstreamer1.0-tools gstreamer1.0-plugins-base
  gstreamer1.0-plugins-good dconf-gsettings-backend dconf-service xdg-desktop-portal xdg-desktop-portal-gtk)
test_packages=("${run_packages[@]}" "${meson_packages[@]}" xvfb xauth dbus at-spi2-core xdotool python3-gi libgl1-mesa-dri
  gir1.2-atspi-2.0 locales imagemagick valgrind libglib2.0-bin python3-icu gjs wamerican orca openbox
  "${wayland_packages[@]}")
test_locale=en_US.UTF-8
# The locales the tests run the app in: right to left, CJK, and Unfold's own languages.
test_locales=("$test_locale" he_IL.UTF-8 ar_EG.UTF-8 ja_JP.UTF-8 de_DE.UTF-8 fr_FR.UTF-8 pl_PL.UTF-8 pt_BR.UTF-8)

debian_mirror=${UNFOLD_DEBIAN_MIRROR:-http://deb.debian.org/debian}

say() { printf 'meson-wrapper: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

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

has_locale() { locale -a 2>/dev/null | grep -qix "$(echo "$1" | sed 's/UTF-8/utf8/I')"; }

# Generates locale $1 when root; otherwise says how.
ensure_locale() {
  has_locale "$1" && return 0
  if [ "$(id -u)" -ne 0 ]; then
    say "the locale $1 is missing; generate it with:"
    say "  sudo sh -c 'echo \"$1 UTF-8\" >> /etc/locale.gen && locale-gen'"
    exit 1
  fi
  say "generating the locale $1"
  grep -qx "$1 UTF-8" /etc/locale.gen || echo "$1 UTF-8" >> /etc/locale.gen
  # This locale alone, added to the archive: locale-gen would rebuild every
  # locale, and each would be missing, machine-wide, while it does.
  # (-c: a locale's own harmless warnings do not make it fail.)
  localedef -c -i "${1%%.*}" -f UTF-8 "$1" >/dev/null 2>&1 || { say "localedef could not make the locale $1"; exit 1; }
}

ensure_swift() {
  command -v swift >/dev/null || { say "swift is not on PATH (Swift 6 toolchain required)"; exit 1; }
  provide_toolchain_libraries
}

# swift.org's toolchain for Debian 12 links Debian 12's libxml2.so.2 (and
# through it ICU 72); Debian testing has neither (its libxml2 is libxml2.so.16).
# Where the toolchain's package manager misses libraries, Debian 12's packages
# of them are unpacked into .build/toolchain-libraries, and only the `swift`
# this script runs is pointed there (LD_LIBRARY_PATH): nothing built on the
# release itself links those names, so nothing else loads them.
toolchain_libraries=$PWD/.build/toolchain-libraries
provide_toolchain_libraries() {
  local swift_build missing
  swift_build="$(dirname "$(readlink -f "$(command -v swift)")")/swift-build"
  [ -x "$swift_build" ] || return 0
  missing=$(LD_LIBRARY_PATH=$toolchain_libraries ldd "$swift_build" 2>/dev/null | sed -n 's/^[[:space:]]*\([^ ]*\) => not found$/\1/p')
  if [ -n "$missing" ] && [ ! -d "$toolchain_libraries" ]; then
    say "the Swift toolchain needs $(echo $missing) that this release lacks: unpacking Debian 12's into $toolchain_libraries, for the toolchain alone"
    fetch_debian_12_libraries libxml2 libicu72 || die "could not fetch Debian 12's libxml2 and libicu72 for the Swift toolchain"
    missing=$(LD_LIBRARY_PATH=$toolchain_libraries ldd "$swift_build" 2>/dev/null | sed -n 's/^[[:space:]]*\([^ ]*\) => not found$/\1/p')
  fi
  [ -z "$missing" ] || die "the Swift toolchain ($swift_build) needs $(echo $missing), which this system lacks"
  if [ -d "$toolchain_libraries" ]; then
    swift_environment=(LD_LIBRARY_PATH="$toolchain_libraries${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}")
    swift() { env "${swift_environment[@]}" swift "$@"; }
  fi
}
# What `swift` is run with (the toolchain's libraries, where it needs them):
# for commands that run it from another program (in_test_session).
swift_environment=()

# Unpacks Debian 12's packages $@ (their shared libraries) into
# $toolchain_libraries, with apt's own client and lists of its own.
fetch_debian_12_libraries() {
  local apt_dir package
  apt_dir=$(mktemp -d)
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/unpacked"
  echo "deb $debian_mirror bookworm main" > "$apt_dir/sources.list"
  local options=(-o Dir::Etc::SourceList="$apt_dir/sources.list" -o Dir::Etc::SourceParts=/dev/null
                 -o Dir::State::Lists="$apt_dir/lists" -o Dir::Cache="$apt_dir/cache" -o APT::Sandbox::User=root)
  if apt-get "${options[@]}" update -qq >&2 && (cd "$apt_dir" && apt-get "${options[@]}" download "$@" >&2); then
    for package in "$apt_dir"/*.deb; do dpkg-deb -x "$package" "$apt_dir/unpacked"; done
    mkdir -p "$toolchain_libraries.new"
    find "$apt_dir/unpacked" -name 'lib*.so.*' -exec cp -a {} "$toolchain_libraries.new/" \;
    rm -rf "$toolchain_libraries" && mv "$toolchain_libraries.new" "$toolchain_libraries"
    rm -rf "$apt_dir"
  else
    rm -rf "$apt_dir"
    return 1
  fi
}

# The build's log goes to stderr, so that stdout is the app's own (`run --version`).
swift_build() {
  ensure_swift
  swift build "$@" 2> >(grep -v 'warning: prohibited flag(s)' >&2) 1>&2
}

# The labels-file fuzzer: libFuzzer and AddressSanitizer, in a build directory
# of its own so the instrumented objects never mix with the app's.
fuzzer=.build/fuzz/debug/unfold-fuzz
build_fuzzer() {
  # A failed build fails the pipeline (pipefail), and with it the command: never
  # a stale fuzzer. The linker's notes about ASan's local symbols are noise
  # (swift_build says everything on stderr: that is what is filtered).
  swift_build --build-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product unfold-fuzz 2>&1 \
    | { grep -v "Cannot export local symbol '__asan" >&2 || true; }
}

languages() { grep -v '^#' data/po/LINGUAS; }

# Compiles each catalogue into DIR/<lang>/LC_MESSAGES/unfold.mo.
build_translations() {
  local lang
  for lang in $(languages); do
    mkdir -p "$1/$lang/LC_MESSAGES"
    msgfmt --check -o "$1/$lang/LC_MESSAGES/unfold.mo" "data/po/$lang.po"
  done
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

# Runs a command in a session of the tests' own, never the user's: its own X
# display (Xvfb picks a free number itself, so two runs at once never share
# one), its own session bus, and its own runtime, config, data, cache and state
# directories (the accessibility bus's socket lives in the runtime directory:
# with none, every session of a user binds ~/.cache/at-spi/bus, and a second
# run or the user's own apps take over the tests' accessibility bus). The
# command runs in a process group of its own; whatever of it is still running
# when it ends (a test's straggler, a D-Bus-activated service) is ended too.
# xdotool (3.20160805, every Debian's) presses the modifiers of the first
# entry of a key's type that gives the level it wants. xkeyboard-config 2.44
# (Debian testing) writes Alt and Control to level 1 explicitly in the
# function keys' type, and `xdotool key F1` sent Alt+F1. The same keymap goes
# back to the server without those entries, which say what no entry says.
plain_level_one() {
  local keymap
  keymap=$(xkbcomp -xkb "$1" - 2>/dev/null) || return 0
  printf '%s\n' "$keymap" | awk '
    /^ *map\[[A-Za-z]+\]= Level1;$/ { dropped = $1; sub(/^map/, "preserve", dropped); next }
    dropped != "" && index($1, dropped) == 1 { dropped = ""; next }
    { dropped = ""; print }' | xkbcomp -w 0 - "$1" 2>/dev/null || say "tests: the keymap could not be simplified for xdotool"
}
in_test_session() {
  local session status leader
  session=$(mktemp -d "${TMPDIR:-/tmp}/unfold-test-session.XXXXXX")
  mkdir -m 700 "$session/runtime" "$session/config" "$session/data" "$session/cache" "$session/state"
  Xvfb -displayfd 3 -screen 0 1280x1024x24 -nolisten tcp -noreset 3>"$session/display" >"$session/xvfb.log" 2>&1 &
  local xvfb=$!
  # The server writes its display's number once it accepts clients.
  while [ ! -s "$session/display" ]; do
    kill -0 "$xvfb" 2>/dev/null || { cat "$session/xvfb.log" >&2; rm -rf "$session"; die "Xvfb did not start (above)"; }
    sleep 0.05
  done
  local display
  display=:$(head -n1 "$session/display")
  say "tests: display $display, session bus and runtime directory of their own in $session"
  plain_level_one "$display"
  # (Python's caches would land among the test target's sources, which
  # SwiftPM then warns of as files it does not handle.)
  setsid env -u DBUS_SESSION_BUS_ADDRESS -u AT_SPI_BUS_ADDRESS -u WAYLAND_DISPLAY -u SESSION_MANAGER \
    DISPLAY="$display" XDG_RUNTIME_DIR="$session/runtime" XDG_CONFIG_HOME="$session/config" \
    XDG_DATA_HOME="$session/data" XDG_CACHE_HOME="$session/cache" XDG_STATE_HOME="$session/state" \
    UNFOLD_TEST_SESSION="$session" UNFOLD_TEST_XVFB_PID="$xvfb" UNFOLD_TEST_COMMAND_PID=$$ \
    PYTHONDONTWRITEBYTECODE=1 dbus-run-session -- "$@" &
  leader=$!
  # Ctrl+C reaches this shell, not the group: pass it on.
  trap 'kill -TERM -- -"$leader" 2>/dev/null' INT TERM
  status=0
  wait "$leader" || status=$?
  trap - INT TERM
  if kill -TERM -- -"$leader" 2>/dev/null; then
    say "tests: ended what the run left running"
    sleep 1
    kill -KILL -- -"$leader" 2>/dev/null || true
  fi
  kill "$xvfb" 2>/dev/null || true
  wait "$xvfb" 2>/dev/null || true
  # xdg-document-portal, which the desktop portal starts, mounts its FUSE
  # file system in the runtime directory; ended by a signal, it can leave it
  # mounted, and rm then cannot remove it.
  local _mountpoint _rest
  while read -r _ _mountpoint _rest; do
    case $_mountpoint in
      "$session"/*) umount -l "$_mountpoint" 2>/dev/null || fusermount3 -u -z "$_mountpoint" 2>/dev/null \
                      || fusermount -u -z "$_mountpoint" 2>/dev/null || true ;;
    esac
  done </proc/mounts
  rm -rf "$session" || say "tests: could not remove $session (above)"
  return "$status"
}

# glibc ignores LANGUAGE under the C locale: a LANGUAGE= run gets a real locale
# of that language when there is one (so numbers are written as it writes
# them), else the test locale.
locale_for_language() {
  [ -n "${LANGUAGE:-}" ] || return 0
  case "$(locale 2>/dev/null | sed -n 's/^LC_MESSAGES="\{0,1\}\([^"]*\)"\{0,1\}$/\1/p')" in
    C|POSIX|C.UTF-8|C.utf8|"") ;;
    *) return 0 ;;
  esac
  local language=${LANGUAGE%%:*} candidate
  case "$language" in
    *_*) candidate="$language.UTF-8" ;;
    *) # fr: fr_FR first, else the first country listed (he: he_IL)
      # (A search that finds nothing is no error here: `|| true`, or pipefail ends the script.)
      candidate=$(grep -m1 -x "${language}_$(echo "$language" | tr '[:lower:]' '[:upper:]').UTF-8 UTF-8" \
                    /usr/share/i18n/SUPPORTED 2>/dev/null | cut -d' ' -f1 || true)
      [ -n "$candidate" ] || candidate=$(grep -m1 -i "^${language}_[A-Z]*\.UTF-8 " /usr/share/i18n/SUPPORTED 2>/dev/null | cut -d' ' -f1 || true) ;;
  esac
  # The app's, not this shell's: bash would warn that a locale made a moment
  # ago is not there, for it looked once, at its start.
  if [ -n "$candidate" ] && { has_locale "$candidate" || { [ "$(id -u)" -eq 0 ] && ensure_locale "$candidate"; }; }; then
    app_locale=$candidate
  else
    ensure_locale "$test_locale"
    app_locale=$test_locale
  fi
}
app_locale=""

# The version, from meson.build's project().
project_version() { sed -n "s/^ *version: *'\([^']*\)'.*/\1/p" meson.build | head -n1; }

# A path as the user meant it: relative to where the command was run.
absolute() { case "$1" in /*) printf '%s\n' "$1" ;; *) printf '%s\n' "$caller_dir/$1" ;; esac; }

# Sets up meson build directory $1 with options $2…, or reconfigures it (from
# scratch when another meson made it).
meson_setup() {
  local builddir=$1; shift
  if [ -f "$builddir/meson-private/coredata.dat" ]; then
    meson setup --reconfigure "$builddir" "$@" >&2 || meson setup --wipe "$builddir" "$@" >&2
  else
    meson setup "$builddir" "$@" >&2
  fi
}

# meson.build's whole cycle, as a packager runs it: setup (buildtype debug,
# prefix /usr, the reference manual on, SwiftPM in $1, so that a scratch path `swift build` already
# built makes the compile incremental), compile, meson test, and install into
# the destdir $3. Exports UNFOLD_MESON_DESTDIR, the prefix inside the destdir,
# for InstallTests. Any failure ends the command, saying which step failed.
meson_phase() {
  local scratch=$1 builddir=$2 destdir=$3 stray
  say "meson: setup $builddir (buildtype debug, prefix /usr, SwiftPM scratch path $scratch)"
  meson_setup "$builddir" --buildtype=debug --prefix=/usr -Dswiftpm_scratch_path="$scratch" -Ddocumentation=true \
    || die "meson setup failed (see above): the meson build is broken, nothing was tested"
  meson compile -C "$builddir" >&2 \
    || die "meson compile failed (see above; log: $builddir/meson-logs/meson-log.txt)"
  meson test -C "$builddir" --no-rebuild --print-errorlogs >&2 \
    || die "meson test failed (see above; log: $builddir/meson-logs/testlog.txt)"
  meson install -C "$builddir" --no-rebuild --quiet --destdir "$destdir" >&2 \
    || die "meson install --destdir $destdir failed (see above)"
  stray=$(cd "$destdir" && find . -mindepth 1 -maxdepth 1 ! -name usr)
  [ -z "$stray" ] || die "meson install put files outside the prefix /usr: $stray"
  export UNFOLD_MESON_DESTDIR="$destdir/usr"
  say "meson: installed in $UNFOLD_MESON_DESTDIR (UNFOLD_MESON_DESTDIR)"
}

# The Swift sources and the user interface files git tracks (sorted by bytes);
# outside a git checkout (a release tarball, a Flatpak build), those found.
swift_sources() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then git ls-files 'Sources/*.swift'
  else find Sources -name '*.swift' | LC_ALL=C sort; fi
}
ui_files() {
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then git ls-files 'data/ui/*.ui'
  else find data/ui -name '*.ui' | LC_ALL=C sort; fi
}

# The files with translatable strings, in the order the `pot` command reads
# them: the Swift sources that mark strings (tr, N_, ntr; UnfoldCore marks its
# messages about labels files with N_, and the app translates them), the
# desktop entry, the user interface files, the metainfo. A new file counts
# once git tracks it.
potfiles() {
  local file
  swift_sources | while read -r file; do
    if grep -Eq '(^|[^[:alnum:]_])(tr|N_|ntr)[[:space:]]*\(' "$file"; then printf '%s\n' "$file"; fi
  done
  printf '%s\n' "data/$app_id.desktop.in"
  ui_files
  printf '%s\n' "data/$app_id.metainfo.xml.in"
}

# Other Debian releases, each in a root of its own (the `on` command): what
# Unfold supports, as their users have them. Debian 12's debootstrap knows no
# suite after trixie, so testing is made with its script for sid.
release_suite() {
  case "$1" in
    debian-12) echo bookworm ;;
    debian-13) echo trixie ;;
    debian-testing) echo testing ;;
    *) return 1 ;;
  esac
}
roots=${UNFOLD_ROOTS:-/var/cache/unfold/roots}
# A root is kept between runs (its packages, its SwiftPM build) and made anew
# once it is a week old, so that testing's moving parts are followed.
root_lifetime_days=7

# Makes (or keeps) the root of release $1, suite $2; prints its path.
make_root() {
  local release=$1 suite=$2 root=$roots/$1 script=()
  if [ -f "$root/etc/unfold-root" ] && [ -z "$(find "$root/etc/unfold-root" -mtime +"$root_lifetime_days")" ]; then
    printf '%s\n' "$root"
    return 0
  fi
  say "on $release: making a Debian $suite root in $root (debootstrap: a few minutes)"
  mkdir -p "$roots"
  remove_root "$root.new"
  [ "$suite" = testing ] && script=(/usr/share/debootstrap/scripts/sid)
  if ! debootstrap --variant=minbase "$suite" "$root.new" "$debian_mirror" "${script[@]}" >"$roots/$release.log" 2>&1; then
    tail -n 20 "$roots/$release.log" >&2
    die "on $release: debootstrap failed (above; whole log: $roots/$release.log)"
  fi
  # Testing's Release file on a mirror may be past its Valid-Until date.
  [ "$suite" = testing ] && echo 'Acquire::Check-Valid-Until "false";' > "$root.new/etc/apt/apt.conf.d/90unfold-testing"
  echo "$suite" > "$root.new/etc/unfold-root"
  remove_root "$root"
  mv "$root.new" "$root"
  printf '%s\n' "$root"
}

# Removes root $1, never what a run that was killed left mounted in it (the
# machine's /dev, the toolchain): those are unmounted first, and the removal
# stays on the root's own file system.
remove_root() {
  [ -e "$1" ] || return 0
  unmount_leftovers "$1"
  if awk -v root="$1/" 'index($2 "/", root) == 1 { found = 1 } END { exit !found }' /proc/mounts; then
    die "$1 still has file systems mounted in it: not removed"
  fi
  rm -rf --one-file-system "$1"
}

# Unmounts what is mounted under root $1 (a killed run's), innermost first.
unmount_leftovers() {
  local target
  while read -r target; do
    umount -l "$target" 2>/dev/null || true
  done < <(awk -v root="$1/" 'index($2 "/", root) == 1 { print $2 }' /proc/mounts | sort -r)
}

# The suites CI runs on the other releases (release-tests), besides the whole
# suite on the machine's own: the library from its installed tree (C, GIR,
# C, Python, GJS and Vala examples, memcheck, the Words example under Orca),
# the reveal's and the list's widget tests, the motion and the search's fold,
# every icon the app names, the collection page, the app's pages and their
# keyboard walks (under X11, and under Wayland in mutter, with the filter's
# count and the reveal's frames), the whole accessibility audit, and whether
# a screen reader's copy of the list keeps up.
release_suites='IconTests|CollectionTests|HiddenPartsTests|AnnouncementTests|ScreenReaderTests/testAScreenReadersCopyOfTheListKeepsUp|ScreenReaderTests/testAScreenReadersCopyOfTheOutlineKeepsUp|ScreenReaderTests/testOnlyAWalksOptionalLinesMayGoUnsaid|ScreenReaderTests/testAStepsOtherTranscriptMayBeHeardInstead|ScreenReaderTests/testALaunchIsHeardOnceOrcaHasTheWindowAndTheFocus|ScreenReaderTests/testOrcasOwnTimersAreNotItsWork|AccessibilityAuditTests|StyleTests|LibraryTests|RevealTests|RevealRenderingTests|RevealLifecycleTests|ListLayoutTests|ListViewChangeTests|ListViewScrollTests|ListViewSelectionTests|LazyRowsTests|MotionTests|SearchFoldingTests|PagesTests|KeyboardWalkTests|WaylandTests'
release_test_releases=(debian-13 debian-testing)
# Then, in a test session of their own, the app's walks under Debian 13's
# Orca 48 (NAME.orca-48.walk). Not yet under Orca 51 on testing: after the
# other suites in one session Orca 51 took no window at most launches, and
# in a session of their own one run in two still heard nothing at a step
# (screen-reader.md).
release_walks='ScreenReaderTests/testEveryWalkIsHeardAsWritten'
release_walk_releases=(debian-13)

# What the swift.org toolchain needs of a Debian system beside itself (its
# documented dependencies, by names every release from 12 has).
toolchain_packages=(g++ libc6-dev libcurl4-openssl-dev libncurses6 libedit2 libsqlite3-0 zlib1g-dev libpython3-dev git ca-certificates)

# Runs this script's command $2… inside root $1: the checkout's files copied to
# /root/unfold there (its .build kept from the last run), the toolchain bound in
# read-only at its own path, unless $debian_swift, and the tests' pictures
# copied back to .build/on-RELEASE-artifacts.
enter_root() {
  local root=$1 release=$2; shift 2
  local tree=$root/root/unfold toolchain="" path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
  # What is mounted in the root, last first: unmounted however the command ends.
  root_mounts=()
  unmount_leftovers "$root"
  trap unmount_root EXIT
  mount_in_root() {  # mount_in_root PATH MOUNT-OPTIONS…
    local target=$root$1
    shift
    mkdir -p "$target"
    mount "$@" "$target"
    root_mounts=("$target" "${root_mounts[@]}")
  }
  mount_in_root /proc -t proc proc
  mount_in_root /sys -t sysfs sysfs
  mount_in_root /dev --bind /dev
  mount_in_root /dev/pts --bind /dev/pts
  if [ "$debian_swift" = false ]; then
    ensure_swift
    toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")
    mount_in_root "$toolchain" --bind "$toolchain"
    mount -o remount,bind,ro "$root$toolchain"
    path=$toolchain/bin:$path
  fi
  cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
  mkdir -p "$tree"
  find "$tree" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
  if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -C "$tree" -xf -
  else
    tar --exclude=./.build -cf - . | tar -C "$tree" -xf -
  fi
  local chrooted=(chroot "$root" /usr/bin/env -i HOME=/root PATH="$path" LANG=C.UTF-8 TERM="${TERM:-dumb}" CI="${CI:-}"
                  ${UNFOLD_RECORD_WALKS:+UNFOLD_RECORD_WALKS=1} ${UNFOLD_STRICT:+UNFOLD_STRICT=1}
                  ${SWIFT_BACKTRACE:+SWIFT_BACKTRACE=$SWIFT_BACKTRACE}
                  ${UNFOLD_TEST_PATIENCE:+UNFOLD_TEST_PATIENCE=$UNFOLD_TEST_PATIENCE}
                  UNFOLD_TEST_ARTIFACTS=/root/unfold/.build/test-artifacts)
  say "on $release: $(chroot "$root" sh -c '. /etc/os-release; echo "$PRETTY_NAME"'), in $root"
  if [ "$debian_swift" = true ]; then
    "${chrooted[@]}" sh -c 'command -v swift >/dev/null || { DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends swiftlang >/dev/null; }' \
      || die "on $release: the release's own Swift (swiftlang) could not be installed"
  else
    "${chrooted[@]}" /root/unfold/meson-wrapper.sh ensure-packages "${toolchain_packages[@]}" \
      || die "on $release: the toolchain's dependencies could not be installed"
  fi
  local status=0
  "${chrooted[@]}" bash -c 'cd /root/unfold && exec ./meson-wrapper.sh "$@"' meson-wrapper.sh "$@" || status=$?
  if [ -d "$tree/.build/test-artifacts" ]; then
    rm -rf ".build/on-$release-artifacts"
    mkdir -p .build
    cp -a "$tree/.build/test-artifacts" ".build/on-$release-artifacts"
    say "on $release: the tests' pictures are in .build/on-$release-artifacts"
  fi
  unmount_root
  return "$status"
}
unmount_root() {
  local target
  for target in "${root_mounts[@]}"; do umount -l "$target" 2>/dev/null || true; done
  root_mounts=()
}
root_mounts=()

command=${1:-}
[ $# -gt 0 ] && shift
# The commands, as this file's opening comment lists them.
usage() { sed -n '3,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

case "$command" in
  build)
    ensure_packages "${run_packages[@]}"
    swift_build "$@"
    build_translations .build/locale
    ;;
  run)
    ensure_packages "${run_packages[@]}"
    # A release build: what users judge is the app's real speed (a debug build
    # is many times slower with a large labels file). The first build takes a
    # few minutes; later ones only rebuild what changed.
    swift_build -c release --product unfold
    build_translations .build/locale
    # (Without a display the app says so itself, after what it prints and
    # exits for and what is wrong with the options.)
    locale_for_language
    binary="$(swift build -c release --show-bin-path)/unfold"
    cd "$caller_dir"
    if [ -n "$app_locale" ]; then exec env LC_ALL="$app_locale" "$binary" "$@"; fi
    exec "$binary" "$@"
    ;;
  test)
    ensure_packages "${test_packages[@]}"
    for locale in "${test_locales[@]}"; do ensure_locale "$locale"; done
    # A compiler warning fails the build (Package.swift reads UNFOLD_STRICT),
    # here and in the meson phase's build of the same products.
    export UNFOLD_STRICT=1
    swift_build --build-tests
    build_fuzzer
    build_translations .build/locale
    # A GTK critical anywhere fails the run; rendering and settings do not depend
    # on the machine's GPU or the user's desktop.
    export G_DEBUG=fatal-criticals GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GDK_BACKEND=x11
    export UNFOLD_TEST_LOCALE=$test_locale
    meson_destdir=$(mktemp -d)
    trap 'rm -rf "$meson_destdir"' EXIT
    # meson.build's cycle on the debug build just made (InstallTests checks
    # what it installed, in $UNFOLD_MESON_DESTDIR).
    meson_phase "$PWD/.build" .build/meson-debug "$meson_destdir"
    export UNFOLD_EXECUTABLE
    UNFOLD_EXECUTABLE="$(swift build --show-bin-path)/unfold"
    export UNFOLD_FUZZER="$PWD/$fuzzer"
    in_test_session env "${swift_environment[@]}" swift test --skip-build --disable-swift-testing "$@" 2> >(grep -v 'warning: prohibited flag(s)' >&2)
    ;;
  install)
    prefix="" documentation=false
    while [ $# -gt 0 ]; do
      case "$1" in
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --documentation) documentation=true; shift ;;
        *) say "install: unknown option $1"; exit 2 ;;
      esac
    done
    [ -n "$prefix" ] || { say "install: --prefix DIR is required"; exit 2; }
    prefix=$(absolute "$prefix")
    docs_packages=()
    [ "$documentation" = true ] && docs_packages=(gi-docgen)
    ensure_packages "${run_packages[@]}" meson ninja-build "${library_packages[@]}" "${docs_packages[@]}"
    ensure_swift
    # meson.build's layout: a release (the Swift runtime linked in, stripped).
    # SwiftPM builds it in a scratch directory of its own: `run`'s release
    # links the runtime dynamically, and the two in one directory would each
    # rebuild everything after the other.
    builddir=.build/meson-release
    meson_setup "$builddir" --buildtype=release -Dstrip=true --prefix="$prefix" -Dswiftpm_scratch_path="$PWD/.build/install-swiftpm" \
      -Ddocumentation="$documentation" \
      || die "install: meson setup failed (see above)"
    meson compile -C "$builddir" >&2 || die "install: meson compile failed (see above)"
    meson install -C "$builddir" --no-rebuild >&2 || die "install: meson install failed (see above)"
    say "installed in $prefix"
    ;;
  meson-check)
    scratch=$PWD/.build builddir=.build/meson-debug destdir=""
    while [ $# -gt 0 ]; do
      case "$1" in
        --scratch-path) scratch=$(absolute "${2:?--scratch-path needs a directory}"); shift 2 ;;
        --builddir) builddir=$(absolute "${2:?--builddir needs a directory}"); shift 2 ;;
        --destdir) destdir=$(absolute "${2:?--destdir needs a directory}"); shift 2 ;;
        *) say "meson-check: unknown option $1"; exit 2 ;;
      esac
    done
    ensure_packages "${run_packages[@]}" "${meson_packages[@]}"
    ensure_swift
    if [ -z "$destdir" ]; then
      destdir=$(mktemp -d)
      trap 'rm -rf "$destdir"' EXIT
    else
      rm -rf "$destdir" && mkdir -p "$destdir"
    fi
    meson_phase "$scratch" "$builddir" "$destdir"
    (cd "$UNFOLD_MESON_DESTDIR" && find . -mindepth 1 ! -type d | sed 's|^\./||' | LC_ALL=C sort)
    ;;
  meson-build)
    # Called by meson.build's custom targets; packagers have the dependencies, so
    # nothing is installed here (and no dpkg is needed: a Flatpak SDK has none).
    #   meson-build BUILDTYPE SCRATCH_DIR OUTPUT strip|nostrip [PRODUCT [LINK]]
    # builds SwiftPM's PRODUCT (the app, unfold, by default; or the library,
    # unfold-1) and copies it to OUTPUT; for the library, LINK is the
    # development name (libunfold-1.so) that points to it.
    [ $# -ge 3 ] || { say "meson-build: BUILDTYPE SCRATCH_DIR OUTPUT [strip|nostrip] [PRODUCT [LINK]]"; exit 2; }
    # ninja runs this in the meson build directory: OUTPUT is relative to it.
    buildtype=$1 scratch=$(absolute "$2") output=$(absolute "$3") strip=${4:-nostrip} product=${5:-unfold}
    link=${6:+$(absolute "$6")}
    case "$buildtype" in
      debug) configuration=(-c debug) ;;
      *) configuration=(-c release) ;;
    esac
    static=()
    # Runs without the toolchain (the library links the runtime in either way: Package.swift).
    [ "$buildtype" = debug ] || static=(--static-swift-stdlib)
    swift_build --scratch-path "$scratch" "${configuration[@]}" --product "$product" "${static[@]}"
    case "$product" in
      unfold) built=unfold ;;
      *) built=lib$product.so ;;
    esac
    binary="$(swift build --scratch-path "$scratch" "${configuration[@]}" --show-bin-path)/$built"
    [ -f "$binary" ] || die "meson-build: swift build made no $binary"
    # The output changes only when the binary does, so that meson's install and
    # whatever depends on it see an unchanged file as unchanged.
    install -m755 "$binary" "$output.new"
    [ "$strip" = strip ] && strip "$output.new"
    if cmp -s "$output.new" "$output"; then rm -f "$output.new"; else mv -f "$output.new" "$output"; fi
    [ -z "$link" ] || ln -sfn "$(basename "$output")" "$link"
    ;;
  vapigen)
    # meson.build's VAPI target: vapigen VAPIGEN GIR OUTPUT.vapi OUTPUT.deps
    [ $# -eq 4 ] || { say "vapigen: VAPIGEN GIR OUTPUT.vapi OUTPUT.deps"; exit 2; }
    vapi=$(absolute "$3") deps=$(absolute "$4")
    # (Sources/CUnfold/Unfold-1.metadata: vapigen's corrections to the GIR.)
    "$1" --quiet --library="$(basename "$vapi" .vapi)" --pkg=gtk4 --metadatadir=Sources/CUnfold \
      --directory="$(dirname "$vapi")" "$(absolute "$2")" \
      || die "vapigen failed on $2"
    printf 'gtk4\n' > "$deps"
    ;;
  check-potfiles)
    if ! diff -u --label 'data/po/POTFILES.in' --label 'files with translatable strings' \
         <(grep -v '^#' data/po/POTFILES.in) <(potfiles) >&2; then
      die "data/po/POTFILES.in is out of date (diff above): run ./meson-wrapper.sh pot"
    fi
    ;;
  bench)
    ensure_packages "${test_packages[@]}"
    swift_build -c release --product unfold-bench
    swift_build -c release --product unfold-bench-app
    swift_build -c release --product unfold-reference
    build_translations .build/locale
    # The renderer is the benchmark's choice: it measures with each of GTK's.
    unset GSK_RENDERER
    export GDK_BACKEND=x11 GSETTINGS_BACKEND=memory
    # The growth family's plot goes where the README shows it.
    with_display "$(swift build -c release --show-bin-path)/unfold-bench" --json .build/bench.json --plot data/docs/growth.png "$@"
    ;;
  docs)
    ensure_packages "${test_packages[@]}"
    ensure_locale "$test_locale"
    # The app as users run it (release), its text in English, the
    # default light style, its settings none of the user's.
    swift_build -c release --product unfold
    build_translations .build/locale
    export GSETTINGS_BACKEND=memory GDK_BACKEND=x11 LC_ALL=$test_locale LANGUAGE=en
    unset GSK_RENDERER
    in_test_session /usr/bin/python3 data/docs/make-motion-figures.py "$(swift build -c release --show-bin-path)/unfold" data/docs
    ;;
  fuzz)
    build_fuzzer
    mkdir -p .build/fuzz-findings/corpus
    say "new inputs go to .build/fuzz-findings/corpus; keep a finding by copying it to Tests/Fuzz/labels-corpus/found-NAME"
    SWIFT_BACKTRACE=enable=no exec "$fuzzer" -dict=Tests/Fuzz/labels.dict -artifact_prefix=.build/fuzz-findings/ \
      "$@" .build/fuzz-findings/corpus Tests/Fuzz/labels-corpus
    ;;
  pot)
    ensure_packages gettext
    version=$(project_version)
    # meson's i18n module reads the same list (meson compile unfold-update-po).
    { echo "# The files with translatable strings: written by ./meson-wrapper.sh pot, checked by meson test."
      potfiles; } > data/po/POTFILES.in
    mapfile -t swift_files < <(grep '\.swift$' data/po/POTFILES.in)
    mapfile -t ui_list < <(grep '\.ui$' data/po/POTFILES.in)
    common=(--package-name=unfold --package-version="$version" --msgid-bugs-address=https://github.com/unfold/unfold/issues
            -o data/po/unfold.pot)
    xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=N_ --keyword=ntr:1,2 \
      --add-comments=TRANSLATORS "${common[@]}" "${swift_files[@]}"
    xgettext --language=Desktop -j "${common[@]}" "data/$app_id.desktop.in"
    [ ${#ui_list[@]} -eq 0 ] || xgettext --language=Glade -j --from-code=UTF-8 --add-comments=TRANSLATORS "${common[@]}" "${ui_list[@]}"
    # The metainfo by AppStream's ITS rules (xgettext finds them by the file's name).
    xgettext -j --from-code=UTF-8 --add-comments=TRANSLATORS "${common[@]}" "data/$app_id.metainfo.xml.in"
    for lang in $(languages); do
      msgmerge --quiet --update --backup=none "data/po/$lang.po" data/po/unfold.pot
      msgattrib --no-obsolete -o "data/po/$lang.po" "data/po/$lang.po"  # what no longer exists goes
    done
    ;;
  on)
    release=${1:-}
    [ $# -gt 0 ] && shift
    suite=$(release_suite "$release") || die "on: RELEASE is debian-12, debian-13 or debian-testing, not '$release'"
    debian_swift=false
    if [ "${1:-}" = --debian-swift ]; then debian_swift=true; shift; fi
    [ $# -gt 0 ] || die "on $release: which command? (for example: ./meson-wrapper.sh on $release test)"
    [ "$(id -u)" -eq 0 ] || die "on: makes and enters a Debian root (debootstrap, chroot, mount): run it as root"
    ensure_packages debootstrap
    root=$(make_root "$release" "$suite")
    enter_root "$root" "$release" "$@"
    ;;
  release-tests)
    [ $# -gt 0 ] || set -- "${release_test_releases[@]}"
    failed=()
    for release in "$@"; do
      say "release-tests: $release"
      "$0" on "$release" test --filter "$release_suites" || failed+=("$release")
      if [[ " ${release_walk_releases[*]} " == *" $release "* ]]; then
        "$0" on "$release" test --filter "$release_walks" || failed+=("$release (Orca walks)")
      fi
      # Debian 13 packages a Swift of its own (6.0), which a user there
      # installs with apt: everything builds with it too, warning-free (in a
      # build directory of its own, beside the toolchain's).
      if [ "$release" = debian-13 ]; then
        UNFOLD_STRICT=1 "$0" on "$release" --debian-swift build --scratch-path .build/debian-swift --build-tests \
          || failed+=("$release (its own Swift)")
      fi
    done
    [ ${#failed[@]} -eq 0 ] || die "release-tests failed on: ${failed[*]}"
    ;;
  ensure-packages)
    # `on`'s, inside a root: the toolchain's dependencies.
    ensure_packages "$@"
    ;;
  help|-h|--help)
    usage
    ;;
  *)
    usage >&2
    [ -z "$command" ] || say "unknown command: $command"
    exit 2
    ;;
esac
