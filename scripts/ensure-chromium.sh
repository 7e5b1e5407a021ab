#!/usr/bin/env bash
# The browser tests drive Debian's Chromium through playwright-core (which ships no browser of its own).
# This finds it, installs it with apt-get when it is missing and we are allowed to, or fails saying what to do.
set -euo pipefail

can_install() { [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1; }

# Screenshots are for people to look at; without a CJK font the zh pages show empty boxes, and
# without an emoji font so do the language flags. Best effort only: a missing font never fails the tests.
ensure_cjk_font() {
  command -v fc-list >/dev/null 2>&1 && can_install || return 0
  local missing=()
  [[ -n "$(fc-list :lang=zh 2>/dev/null)" ]] || missing+=(fonts-wqy-zenhei)
  fc-list 2>/dev/null | grep -qi emoji || missing+=(fonts-noto-color-emoji)
  if (( ${#missing[@]} )); then
    echo "ensure-chromium: installing ${missing[*]} so screenshots are legible"
    DEBIAN_FRONTEND=noninteractive flock /tmp/apt.lock apt-get install -y "${missing[@]}" >/dev/null 2>&1 \
      || echo "ensure-chromium: could not install ${missing[*]} (continuing)"
  fi
}

if [[ -n "${CHROME_PATH:-}" ]]; then
  if [[ -x "$CHROME_PATH" ]]; then
    echo "ensure-chromium: using CHROME_PATH=$CHROME_PATH"
    ensure_cjk_font
    exit 0
  fi
  echo "ensure-chromium: CHROME_PATH is set to '$CHROME_PATH' but no executable is there." >&2
  exit 1
fi

if [[ -x /usr/bin/chromium ]]; then
  echo "ensure-chromium: using /usr/bin/chromium"
  ensure_cjk_font
  exit 0
fi

if can_install; then
  echo "ensure-chromium: /usr/bin/chromium is missing; installing Debian's chromium with apt-get (needs the Debian mirrors)"
  export DEBIAN_FRONTEND=noninteractive
  # A shared lock, so parallel installs on one machine wait for each other instead of failing on dpkg's lock.
  if command -v flock >/dev/null 2>&1; then
    flock /tmp/apt.lock sh -c 'apt-get update && apt-get install -y chromium fonts-wqy-zenhei fonts-noto-color-emoji'
  else
    apt-get update && apt-get install -y chromium fonts-wqy-zenhei fonts-noto-color-emoji
  fi
  if [[ -x /usr/bin/chromium ]]; then
    echo "ensure-chromium: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
    exit 0
  fi
fi

cat >&2 <<'MSG'
ensure-chromium: no Chromium found for the browser tests.
  Install Debian's chromium (as root: apt-get install chromium), or set CHROME_PATH to a Chromium
  or Chrome executable, e.g.  CHROME_PATH=/path/to/chrome npm run test:e2e
MSG
exit 1
