#!/usr/bin/env bash
# The whole test suite: `npm test`. Format, lint, typecheck and unit tests, then the keychain tests
# against a real Secret Service (a private D-Bus session with an unlocked gnome-keyring), then the
# browser-mode end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

npm run check

echo '── keychain tests (real Secret Service under dbus-run-session) ──'
dbus-run-session -- sh -c '
  set -e
  printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  npx vitest run --project keychain --passWithNoTests
'
