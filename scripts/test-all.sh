#!/usr/bin/env bash
# The whole test suite: `npm test`.
#  0. the system programs the tests need (scripts/ensure-test-prerequisites.sh: installs them with
#     apt-get when it may, else stops at once with the command to run);
#  1. format check, lint, typecheck (node and web), unit tests (`npm run check`);
#  2. the integration tests (real processes: gateway CLI, SDK clients, shells running curl, crash tests);
#  3. inside a private D-Bus session with an unlocked gnome-keyring (a real Secret Service):
#     the keychain tests, then the browser-mode end-to-end tests in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-prerequisites.sh

npm run check
npm run test:integration

echo '── keychain and end-to-end tests (real Secret Service under dbus-run-session) ──'
dbus-run-session -- sh -c '
  set -e
  printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null
  npx vitest run --project keychain
  npx playwright test
'
