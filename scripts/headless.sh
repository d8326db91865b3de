# shellcheck shell=bash
# A private headless Wayland compositor, for running the demos and the end-to-end tests without a desktop.
# Source it, then:
#   start_weston W H [weston args...]  weston, headless back end, pixman renderer, --debug (so that
#                                      weston-screenshooter is allowed), desktop shell on a plain black
#                                      background without panel (unless the args bring a --config or
#                                      --no-config). A window as large as the output lands at (0,0); a
#                                      smaller one at a random place. (weston 10's kiosk-shell.so shows no
#                                      window on the headless back end: it maps windows when activating
#                                      them on a seat, and headless weston has none.)
#   start_sway W H                     sway, headless, pixman, one output HEADLESS-1 of W x H at (0,0), no
#                                      borders, no Xwayland, a black background (swaybg, when installed,
#                                      draws it a moment after start-up). sway refuses to run as root: as
#                                      root it runs as the system user wlci (created when missing), and the
#                                      caller still connects: the runtime dir belongs to wlci with the caller's group,
#                                      mode 2770 (setgid: the sockets sway makes there get the caller's group),
#                                      and sway runs with umask 007, so the Wayland and IPC sockets are
#                                      srwxrwx--- wlci:<caller's group>. Root clients (grim, wtype, swaymsg,
#                                      the demos, wl-pointer-tool) connect through the group even without
#                                      CAP_DAC_OVERRIDE (rootless containers). Also exports SWAYSOCK.
#   shot FILE.png                      screenshot of the whole output (bounded by a timeout)
#   stop_compositor                    stops it and removes its files; also runs on EXIT (a script that
#                                      sets its own EXIT trap should call it from there)
# Both start_* export WAYLAND_DISPLAY (the absolute socket path) and XDG_RUNTIME_DIR (a private dir: 0700,
# or for a root caller of start_sway 2770 shared with wlci as above).
# HL_DIR holds the compositor's log (compositor.log), printed when it fails to start.

HL_DIR=""; HL_PID=""; HL_KIND=""; HL_W=800; HL_H=600; HL_SWAYPID=""
HL_SOCKET_WAIT=${HL_SOCKET_WAIT:-10}  # seconds to wait for the compositor's socket

hl_new_dir() {
  HL_DIR=$(mktemp -d "${TMPDIR:-/tmp}/ca-wayland.XXXXXX")
}

hl_fail() { # message
  echo "headless: $1; its log:" >&2
  [[ -f $HL_DIR/compositor.log ]] && tail -n 20 "$HL_DIR/compositor.log" >&2
  stop_compositor
  return 1
}

start_weston() { # W H [extra weston args...]
  command -v weston >/dev/null || { echo "headless: weston is not installed (apt-get install weston)" >&2; return 1; }
  HL_W=${1:-800}; HL_H=${2:-600}; shift $(($# < 2 ? $# : 2))
  hl_new_dir
  export XDG_RUNTIME_DIR=$HL_DIR/run
  mkdir -p "$XDG_RUNTIME_DIR"; chmod 700 "$XDG_RUNTIME_DIR"
  local name=wayland-headless own_config=1 config=() a
  for a in "$@"; do [[ $a == --config=* || $a == -c || $a == --no-config ]] && own_config=0; done
  if ((own_config)); then
    printf '%s\n' '[core]' 'idle-time=0' '[shell]' 'background-color=0xff000000' 'background-image=' \
      'panel-position=none' 'locking=false' 'animation=none' 'close-animation=none' 'startup-animation=none' \
      'focus-animation=none' '[input-method]' 'path=' >"$HL_DIR/weston.ini"
    config=(--config="$HL_DIR/weston.ini")
  fi
  weston --backend=headless-backend.so --use-pixman --width="$HL_W" --height="$HL_H" \
    --socket="$name" --idle-time=0 --debug "${config[@]}" "$@" >"$HL_DIR/compositor.log" 2>&1 &
  HL_PID=$!; HL_KIND=weston
  export WAYLAND_DISPLAY=$XDG_RUNTIME_DIR/$name
  local i
  for ((i = 0; i < HL_SOCKET_WAIT * 20; i++)); do
    kill -0 "$HL_PID" 2>/dev/null || { hl_fail "weston exited during start-up"; return 1; }
    # The socket appears before the shell is loaded; a short grace lets the output come up.
    [[ -S $WAYLAND_DISPLAY ]] && { sleep 0.3; return 0; }
    sleep 0.05
  done
  hl_fail "weston did not create $WAYLAND_DISPLAY within ${HL_SOCKET_WAIT}s"
}

start_sway() { # W H
  command -v sway >/dev/null || { echo "headless: sway is not installed (apt-get install sway grim)" >&2; return 1; }
  HL_W=${1:-800}; HL_H=${2:-600}
  hl_new_dir
  printf '%s\n' 'xwayland disable' "output HEADLESS-1 resolution ${HL_W}x${HL_H} position 0 0" 'default_border none' \
    'default_floating_border none' 'focus_follows_mouse no' >"$HL_DIR/sway.cfg"
  # A black background as under weston (sway's own is gray); swaybg draws it a moment after start-up.
  command -v swaybg >/dev/null && printf 'output HEADLESS-1 bg #000000 solid_color\n' >>"$HL_DIR/sway.cfg"
  chmod 755 "$HL_DIR"; chmod 644 "$HL_DIR/sway.cfg"
  local env_vars=(PATH=/usr/bin:/bin HOME="$HL_DIR" XDG_RUNTIME_DIR="$HL_DIR/run" WLR_BACKENDS=headless
    WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1)
  if ((EUID == 0)); then
    # sway refuses to run as root: use an unprivileged system user.
    id wlci >/dev/null 2>&1 || useradd -M -r -s /usr/sbin/nologin wlci
    install -d -o wlci -g "$(id -g)" -m 2770 "$HL_DIR/run"
    # umask 007: the sockets sway creates are group-writable (the group is the caller's, from the setgid dir).
    # shellcheck disable=SC2016 # $1 expands in the inner sh
    runuser -u wlci -- env -i "${env_vars[@]}" sh -c 'umask 007; exec sway -c "$1"' sway "$HL_DIR/sway.cfg" \
      >"$HL_DIR/compositor.log" 2>&1 &
  else
    install -d -m 700 "$HL_DIR/run"
    env -i "${env_vars[@]}" sway -c "$HL_DIR/sway.cfg" >"$HL_DIR/compositor.log" 2>&1 &
  fi
  HL_PID=$!; HL_KIND=sway
  local ipc="" wl="" i
  for ((i = 0; i < HL_SOCKET_WAIT * 20; i++)); do
    kill -0 "$HL_PID" 2>/dev/null || { hl_fail "sway exited during start-up"; return 1; }
    # compgen fails while nothing matches yet: not an error for a caller under `set -e -o pipefail`.
    ipc=$(compgen -G "$HL_DIR/run/sway-ipc.*.sock" | head -1) || ipc=""
    wl=$(compgen -G "$HL_DIR/run/wayland-[0-9]" | head -1) || wl=""
    [[ -n $ipc && -n $wl ]] && break
    sleep 0.05
  done
  [[ -n $wl ]] || { hl_fail "sway did not create a Wayland socket within ${HL_SOCKET_WAIT}s"; return 1; }
  export WAYLAND_DISPLAY=$wl SWAYSOCK=$ipc XDG_RUNTIME_DIR=$HL_DIR/run
  HL_SWAYPID=$(basename "$ipc" .sock | cut -d. -f3)
}

shot() { # FILE.png
  local file=$1
  [[ $file == /* ]] || file=$PWD/$file
  case $HL_KIND in
    sway) timeout 10 grim "$file" ;;
    weston)
      # weston-screenshooter writes wayland-screenshot-<time>.png into its working directory.
      local dir; dir=$(mktemp -d "$HL_DIR/shot.XXXXXX")
      (cd "$dir" && timeout 10 weston-screenshooter >/dev/null 2>&1) || { rm -rf "$dir"; echo "headless: weston-screenshooter failed" >&2; return 1; }
      local png; png=$(compgen -G "$dir/wayland-screenshot-*.png" | head -1)
      [[ -n $png ]] || { rm -rf "$dir"; echo "headless: weston-screenshooter wrote no file" >&2; return 1; }
      mv "$png" "$file"; rm -rf "$dir" ;;
    *) echo "headless: no compositor running" >&2; return 1 ;;
  esac
}

# Sends SIGTERM, waits up to ~2 s, then SIGKILL.
hl_terminate() { # pid
  local pid=$1 i
  kill -TERM "$pid" 2>/dev/null || return 0
  for ((i = 0; i < 40; i++)); do kill -0 "$pid" 2>/dev/null || return 0; sleep 0.05; done
  kill -KILL "$pid" 2>/dev/null || true
}

stop_compositor() {
  if [[ $HL_KIND == sway ]]; then
    # (Each step may fail when the compositor is gone already: no error for a `set -e` caller.)
    SWAYSOCK=${SWAYSOCK:-} timeout 2 swaymsg exit >/dev/null 2>&1 || true
    [[ -z $HL_SWAYPID ]] || hl_terminate "$HL_SWAYPID"
  fi
  [[ -z $HL_PID ]] || { hl_terminate "$HL_PID"; wait "$HL_PID" 2>/dev/null || true; }
  [[ -z $HL_DIR ]] || rm -rf "$HL_DIR"
  HL_PID=""; HL_KIND=""; HL_SWAYPID=""; HL_DIR=""
  return 0
}

trap stop_compositor EXIT
