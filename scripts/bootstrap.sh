# shellcheck shell=bash
# Makes sure this machine has what the project needs; sourced by the other scripts:
#   source scripts/bootstrap.sh [build] [headless] [tests]
#     build     the system libraries and tools `swift build` needs (the default)
#     headless  + weston, for running the demos in a private headless compositor
#     tests     + weston, sway, swaybg, grim, wtype, for the end-to-end tests
# Missing apt packages are installed (as root, or through passwordless sudo); otherwise the exact
# command to run is printed and the script exits 1. Also puts `swift` (6.0 or newer) on PATH.
# Prints one short line on stderr when everything is already present.

BOOTSTRAP_BUILD_PKGS=(pkg-config libwayland-dev libwayland-bin wayland-protocols libxkbcommon-dev
  libegl-dev libgles-dev libcairo2-dev libpixman-1-dev libpango1.0-dev libpng-dev libjpeg-dev libchipmunk-dev
  libwebp-dev libgif-dev zlib1g-dev fonts-dejavu-core)
BOOTSTRAP_HEADLESS_PKGS=(weston)
# Mesa's EGL and its CPU rasterizer (llvmpipe): the OpenGL ES tests run on them without a GPU.
BOOTSTRAP_TEST_PKGS=(weston sway swaybg grim wtype libegl-mesa0 libgl1-mesa-dri)

bootstrap_say() { echo "bootstrap: $*" >&2; }

# Runs apt-get as root: directly, or through `sudo -n`. Returns 2 when neither is possible.
bootstrap_apt() {
  if ((EUID == 0)); then
    DEBIAN_FRONTEND=noninteractive apt-get "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo -n env DEBIAN_FRONTEND=noninteractive apt-get "$@"
  else
    return 2
  fi
}

# Installs the given apt packages that are not installed yet. Returns non-zero on failure.
bootstrap_packages() {
  local missing=() p
  if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    bootstrap_say "not a Debian/Ubuntu system: make sure these (or your distribution's equivalents) are installed:"
    bootstrap_say "  $*"
    return 0
  fi
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  ((${#missing[@]} == 0)) && return 0

  bootstrap_say "installing ${missing[*]}"
  local lists_empty=1 rc=0
  compgen -G '/var/lib/apt/lists/*_Packages*' >/dev/null && lists_empty=0
  if ((lists_empty)); then
    bootstrap_apt update -q >/dev/null || rc=$?
  fi
  if ((rc != 2)); then
    rc=0
    bootstrap_apt install -y -q --no-install-recommends "${missing[@]}" >/dev/null || rc=$?
    if ((rc == 100 && !lists_empty)); then  # stale lists: refresh once and retry
      rc=0
      bootstrap_apt update -q >/dev/null && bootstrap_apt install -y -q --no-install-recommends "${missing[@]}" >/dev/null || rc=$?
    fi
  fi
  if ((rc == 2)); then
    bootstrap_say "missing packages and no root or passwordless sudo to install them; run:"
    echo "  sudo apt-get install -y ${missing[*]}" >&2
    return 1
  elif ((rc != 0)); then
    bootstrap_say "apt-get could not install: ${missing[*]} (exit $rc); try:"
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    return 1
  fi
}

# Puts swift on PATH (trying /opt/swift/usr/bin too) and checks it is 6.0 or newer.
bootstrap_swift() {
  if ! command -v swift >/dev/null 2>&1 && [[ -x /opt/swift/usr/bin/swift ]]; then
    export PATH=/opt/swift/usr/bin:$PATH
  fi
  if ! command -v swift >/dev/null 2>&1; then
    bootstrap_say "swift is not on PATH. Install Swift 6 for Linux from https://www.swift.org/install/linux/"
    bootstrap_say "  (e.g. with swiftly, or unpack the toolchain into /opt/swift so that /opt/swift/usr/bin/swift exists)"
    return 1
  fi
  BOOTSTRAP_SWIFT_VERSION=$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9][0-9.]*\).*/\1/p' | head -1)
  if [[ -z $BOOTSTRAP_SWIFT_VERSION || ${BOOTSTRAP_SWIFT_VERSION%%.*} -lt 6 ]]; then
    bootstrap_say "swift at $(command -v swift) is '${BOOTSTRAP_SWIFT_VERSION:-unknown}'; this package needs Swift 6.0 or newer"
    bootstrap_say "  (https://www.swift.org/install/linux/)"
    return 1
  fi
}

bootstrap() {
  local sets=("$@") want=() s
  ((${#sets[@]} == 0)) && sets=(build)
  for s in "${sets[@]}"; do
    case $s in
      build) want+=("${BOOTSTRAP_BUILD_PKGS[@]}") ;;
      headless) want+=("${BOOTSTRAP_HEADLESS_PKGS[@]}") ;;
      tests) want+=("${BOOTSTRAP_TEST_PKGS[@]}") ;;
      *) bootstrap_say "unknown package set '$s' (build, headless, tests)"; return 1 ;;
    esac
  done
  # De-duplicate, keeping order.
  local uniq=() seen=" " p
  for p in "${want[@]}"; do [[ $seen == *" $p "* ]] || { uniq+=("$p"); seen+="$p "; }; done
  bootstrap_packages "${uniq[@]}" || return 1
  bootstrap_swift || return 1
  bootstrap_say "ok (${sets[*]} packages present, Swift $BOOTSTRAP_SWIFT_VERSION)"
}

bootstrap "$@" || exit 1
