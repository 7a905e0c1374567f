#!/usr/bin/env bash
# Unfold's one entry point: installs what is missing, builds with SwiftPM, runs.
#
#   ./meson-wrapper.sh run [APP OPTIONS]   build and launch the app
#   ./meson-wrapper.sh test [ARGS]         build and run the whole test suite
#   ./meson-wrapper.sh build               build only (the app and its translations)
#   ./meson-wrapper.sh install --prefix DIR [--binary PATH]
#                                          build a release and install it in DIR's
#                                          standard layout (or install PATH)
#   ./meson-wrapper.sh bench [--quick]     measure against GTK's own widgets (release
#                                          build; table on stdout, JSON in .build/bench.json)
#   ./meson-wrapper.sh fuzz [OPTIONS]      fuzz the labels-file parser (libFuzzer options,
#                                          e.g. -max_total_time=600); findings land in
#                                          .build/fuzz-findings
#   ./meson-wrapper.sh pot                 refresh data/po/unfold.pot and the .po files
#
# Named for what it becomes: the script a meson.build calls to drive SwiftPM,
# as GNOME's Rust apps wrap cargo.
set -euo pipefail
# The app resolves relative paths (--labels FILE) where the user typed them.
caller_dir=$PWD
cd "$(dirname "$(readlink -f "$0")")"

app_id=io.github.unfold.Unfold
# Debian 12 packages. The app needs GTK 4 and gettext's msgfmt (to build its
# translations); the tests also need a display (Xvfb), a session bus for
# accessibility (dbus, at-spi2-core), real input events (xdotool), an AT-SPI
# client (python3-gi, gir1.2-atspi-2.0), the desktop-file and AppStream
# validators, screenshots (imagemagick), memcheck (valgrind), gdbus to call the
# app's D-Bus actions, and a UTF-8 locale other than C (glibc ignores LANGUAGE
# under C).
run_packages=(libgtk-4-dev pkg-config adwaita-icon-theme fonts-dejavu-core gettext locales)
test_packages=("${run_packages[@]}" xvfb xauth dbus at-spi2-core xdotool python3-gi gir1.2-atspi-2.0
  desktop-file-utils appstream locales imagemagick valgrind libglib2.0-bin)
test_locale=en_US.UTF-8

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
  locale-gen >/dev/null
}

ensure_swift() {
  command -v swift >/dev/null || { say "swift is not on PATH (Swift 6 toolchain required)"; exit 1; }
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
  # a stale fuzzer. The linker's notes about ASan's local symbols are noise.
  swift_build --build-path .build/fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING --product unfold-fuzz \
    | { grep -v "Cannot export local symbol '__asan" || true; }
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
      candidate=$(grep -m1 -x "${language}_$(echo "$language" | tr '[:lower:]' '[:upper:]').UTF-8 UTF-8" \
                    /usr/share/i18n/SUPPORTED 2>/dev/null | cut -d' ' -f1)
      [ -n "$candidate" ] || candidate=$(grep -m1 -i "^${language}_[A-Z]*\.UTF-8 " /usr/share/i18n/SUPPORTED 2>/dev/null | cut -d' ' -f1) ;;
  esac
  if [ -n "$candidate" ] && { has_locale "$candidate" || { [ "$(id -u)" -eq 0 ] && ensure_locale "$candidate"; }; }; then
    export LC_ALL="$candidate"
  else
    ensure_locale "$test_locale"
    export LC_ALL="$test_locale"
  fi
}

install_files() {
  local binary=$1 prefix=$2 lang
  local share="$prefix/share"
  install -Dm755 "$binary" "$prefix/bin/unfold"
  [ "${strip_binary:-no}" = yes ] && strip "$prefix/bin/unfold"
  install -Dm644 data/unfold.css "$share/unfold/unfold.css"
  install -Dm644 "data/icons/hicolor/scalable/apps/$app_id.svg" "$share/icons/hicolor/scalable/apps/$app_id.svg"
  install -Dm644 "data/icons/hicolor/symbolic/apps/$app_id-symbolic.svg" \
    "$share/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
  install -Dm644 "data/$app_id.metainfo.xml" "$share/metainfo/$app_id.metainfo.xml"
  mkdir -p "$share/applications"
  msgfmt --desktop --template="data/$app_id.desktop" -d data/po -o "$share/applications/$app_id.desktop"
  build_translations "$share/locale"
  say "installed in $prefix"
}

command=${1:-}
[ $# -gt 0 ] && shift
case "$command" in
  build)
    ensure_packages "${run_packages[@]}"
    swift_build "$@"
    build_translations .build/locale
    ;;
  run)
    ensure_packages "${run_packages[@]}"
    swift_build --product unfold
    build_translations .build/locale
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      say "no display (DISPLAY and WAYLAND_DISPLAY are unset): run this from a desktop session"
      exit 1
    fi
    locale_for_language
    binary="$(swift build --show-bin-path)/unfold"
    cd "$caller_dir"
    exec "$binary" "$@"
    ;;
  test)
    ensure_packages "${test_packages[@]}"
    ensure_locale "$test_locale"
    swift_build --build-tests
    build_fuzzer
    build_translations .build/locale
    # A GTK critical anywhere fails the run; rendering and settings do not depend
    # on the machine's GPU or the user's desktop.
    export G_DEBUG=fatal-criticals GSK_RENDERER=cairo GSETTINGS_BACKEND=memory GDK_BACKEND=x11
    export UNFOLD_TEST_LOCALE=$test_locale
    # The apps the tests launch keep their window state away from the user's.
    XDG_CONFIG_HOME=$(mktemp -d)
    export XDG_CONFIG_HOME
    trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
    export UNFOLD_EXECUTABLE
    UNFOLD_EXECUTABLE="$(swift build --show-bin-path)/unfold"
    export UNFOLD_FUZZER="$PWD/$fuzzer"
    with_display swift test --skip-build --disable-swift-testing "$@" 2> >(grep -v 'warning: prohibited flag(s)' >&2)
    ;;
  install)
    prefix="" binary=""
    while [ $# -gt 0 ]; do
      case "$1" in
        --prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
        --prefix=*) prefix=${1#--prefix=}; shift ;;
        --binary) binary=${2:?--binary needs a path}; shift 2 ;;
        *) say "install: unknown option $1"; exit 2 ;;
      esac
    done
    [ -n "$prefix" ] || { say "install: --prefix DIR is required"; exit 2; }
    ensure_packages "${run_packages[@]}"
    if [ -z "$binary" ]; then
      # The Swift runtime goes into the binary, so it runs without the toolchain.
      swift_build -c release --product unfold --static-swift-stdlib
      binary="$(swift build -c release --show-bin-path)/unfold"
      strip_binary=yes
    fi
    [ -x "$binary" ] || { say "install: $binary is not an executable"; exit 2; }
    install_files "$binary" "$prefix"
    ;;
  bench)
    ensure_packages "${test_packages[@]}"
    swift_build -c release --product unfold-bench
    build_translations .build/locale
    # The same renderer for ours and GTK's, whatever the machine's GPU.
    export GSK_RENDERER=cairo GDK_BACKEND=x11 GSETTINGS_BACKEND=memory
    with_display "$(swift build -c release --show-bin-path)/unfold-bench" --json .build/bench.json "$@"
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
    xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=N_ --keyword=ntr:1,2 \
      --add-comments=TRANSLATORS --package-name=unfold --package-version=0.1.0 \
      --msgid-bugs-address=https://github.com/unfold/unfold/issues \
      -o data/po/unfold.pot $(git ls-files 'Sources/*.swift' ':!Sources/UnfoldCore')
    xgettext --language=Desktop -j --package-name=unfold --package-version=0.1.0 \
      --msgid-bugs-address=https://github.com/unfold/unfold/issues -o data/po/unfold.pot "data/$app_id.desktop"
    xgettext --language=Glade -j --from-code=UTF-8 --add-comments=TRANSLATORS --package-name=unfold --package-version=0.1.0 \
      --msgid-bugs-address=https://github.com/unfold/unfold/issues -o data/po/unfold.pot $(git ls-files 'data/ui/*.ui')
    for lang in $(languages); do
      msgmerge --quiet --update --backup=none "data/po/$lang.po" data/po/unfold.pot
      msgattrib --no-obsolete -o "data/po/$lang.po" "data/po/$lang.po"  # what no longer exists goes
    done
    ;;
  *)
    sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//' >&2
    [ -z "$command" ] || say "unknown command: $command"
    exit 2
    ;;
esac
