#!/usr/bin/env bash
# Preflight of `npm test`: the system programs the tests drive for real, checked before any test runs.
#   chromium              browser-mode e2e (Playwright cannot download its own browsers here)
#   gnome-keyring, dbus   a real Secret Service for the keychain tests, in a private D-Bus session
#   libsecret-tools       secret-tool, to look into that keychain from outside the app
#   curl, dash            generated curl commands are executed with bash and dash
#   keytar                the keychain module: an optional dependency that npm skips when it cannot
#                         build (libsecret-1-dev, python3, make, g++)
# When something is missing it is installed with apt-get if this user may (root, or sudo without a
# password), otherwise the script stops at once with the exact command to run: never a failure deep
# inside a test. PLAYGROUND_NO_AUTO_INSTALL=1 only reports.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium_path="${PLAYWRIGHT_CHROMIUM:-/usr/bin/chromium}"
packages=()
[ -x "$chromium_path" ] || packages+=(chromium)
command -v gnome-keyring-daemon >/dev/null 2>&1 || packages+=(gnome-keyring)
command -v dbus-run-session >/dev/null 2>&1 || packages+=(dbus dbus-x11)
command -v secret-tool >/dev/null 2>&1 || packages+=(libsecret-tools)
command -v curl >/dev/null 2>&1 || packages+=(curl ca-certificates)
command -v dash >/dev/null 2>&1 || packages+=(dash)

keytar_loads() { node -e "require('keytar')" >/dev/null 2>&1; }
keytar_missing=0
if ! keytar_loads; then
  keytar_missing=1
  packages+=(libsecret-1-dev python3 make g++)
fi

if [ ${#packages[@]} -eq 0 ]; then
  exit 0
fi

keytar_step='npm install --no-save'
if [ "$keytar_missing" = 1 ]; then
  echo "Test prerequisites: the keychain module keytar is not built (it needs libsecret-1-dev and a C++ toolchain)." >&2
fi
echo "Test prerequisites missing: ${packages[*]}" >&2

sudo_prefix=''
can_install=0
if [ "${PLAYGROUND_NO_AUTO_INSTALL:-}" != 1 ] && command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    can_install=1
  elif command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
    can_install=1
    sudo_prefix='sudo '
  fi
fi

install_command="${sudo_prefix}apt-get install -y --no-install-recommends ${packages[*]}"
if [ "$can_install" = 0 ]; then
  {
    echo ''
    if command -v apt-get >/dev/null 2>&1; then
      echo 'Install them, then run npm test again:'
      echo "  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages[*]}"
    else
      echo 'This is not a Debian/Ubuntu machine: install the equivalents of these packages with your'
      echo 'package manager (README: "System prerequisites"), then run npm test again.'
    fi
    [ "$keytar_missing" = 1 ] && echo "  then build keytar: $keytar_step"
  } >&2
  exit 1
fi

echo "Installing them: ${install_command}" >&2
export DEBIAN_FRONTEND=noninteractive
${sudo_prefix}apt-get update </dev/null
${sudo_prefix}apt-get install -y --no-install-recommends "${packages[@]}" </dev/null
if [ "$keytar_missing" = 1 ]; then
  echo "Building keytar now that libsecret-1-dev is installed: $keytar_step" >&2
  # keytar is in package.json (optional) and the lockfile: a plain install adds just what is missing.
  ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm install --no-save --no-audit --no-fund </dev/null
  if ! keytar_loads; then
    echo 'keytar still does not load after installing libsecret-1-dev and a toolchain; see the npm output above.' >&2
    exit 1
  fi
fi
