import { REDACTED } from '@shared/redaction/redact-stream-parts'
import { createSecretMatcher } from '@shared/redaction/secret-matcher'
import { KeychainTimeoutError } from './with-timeout'

/** The keychain accepted a key but gave a different value back: "saved" would be a lie. */
export class KeychainReadBackError extends Error {
  override readonly name = 'KeychainReadBackError'
  constructor() {
    // Never the values themselves: this message may reach logs and the UI.
    super('The keychain returned a different value than the one just saved.')
  }
}

export type KeychainFailureCause =
  | 'keytar-not-installed'
  | 'libsecret-missing'
  | 'no-session-bus'
  | 'no-secret-service'
  | 'keyring-locked'
  | 'read-back-mismatch'
  | 'unknown'

/** What the store knows about the host besides the error itself (injectable for tests). */
export type KeychainHost = { platform: string; dbusSessionBusAddress: string | undefined }

const SESSION_ONLY = 'The key is kept in memory for this session only.'

/**
 * keytar is an optional dependency: npm skips it when its native build fails (no libsecret headers or
 * no C++ toolchain), so that `npm ci` still succeeds. What to install to get it depends on the OS.
 */
const KEYTAR_BUILD_PREREQUISITES: Record<string, string> = {
  linux:
    'On Debian/Ubuntu: sudo apt-get install libsecret-1-dev python3 make g++ (Fedora: libsecret-devel gcc-c++ make)',
  darwin: 'On macOS: xcode-select --install',
  win32: 'On Windows: the Visual Studio C++ build tools',
}

function keytarNotInstalledReason(platform: string): string {
  const prerequisites = KEYTAR_BUILD_PREREQUISITES[platform] ?? 'Install a C++ toolchain for node-gyp'
  return `The keychain module (keytar) is not installed: its native build failed or was skipped when the app was installed. ${prerequisites}, then run npm install keytar (or npm ci) and restart the app. ${SESSION_ONLY}`
}

export const KEYCHAIN_FAILURE_REASONS: Record<
  Exclude<KeychainFailureCause, 'unknown' | 'keytar-not-installed'>,
  string
> = {
  'libsecret-missing': `The keychain library libsecret is not installed (Debian/Ubuntu: libsecret-1-0, Fedora: libsecret). Install it and restart the app. ${SESSION_ONLY}`,
  'no-session-bus': `No desktop session bus (D-Bus) is available, as is usual over SSH, in a container or in WSL, so the system keychain cannot be reached. ${SESSION_ONLY}`,
  'no-secret-service': `No Secret Service is running (such as GNOME Keyring, KWallet or KeePassXC), so there is no keychain to store the key in. Start one and retry. ${SESSION_ONLY}`,
  'keyring-locked': `The keyring is locked or did not answer in time. Unlock it in your keyring app and retry. ${SESSION_ONLY}`,
  'read-back-mismatch': `The keychain did not return the key that was saved, so it cannot be trusted right now. ${SESSION_ONLY}`,
}

/**
 * Maps a keytar failure to its cause from the message texts libsecret/GLib actually produce (seen on
 * Debian with keytar 7.9), so the user gets an action instead of a D-Bus error.
 */
export function classifyKeychainFailure(error: unknown, host: KeychainHost): KeychainFailureCause {
  if (error instanceof KeychainTimeoutError) return 'keyring-locked'
  if (error instanceof KeychainReadBackError) return 'read-back-mismatch'
  const message = errorText(error)
  // The package itself is absent (ESM: "Cannot find package 'keytar'", CommonJS: "Cannot find module
  // 'keytar'") or present without its compiled binding ("Cannot find module '../build/Release/keytar.node'").
  if (/Cannot find (?:package|module) '[^']*keytar[^']*'/i.test(message)) return 'keytar-not-installed'
  // dlopen of keytar.node: "libsecret-1.so.0: cannot open shared object file: No such file or directory".
  if (/libsecret-1\.so/i.test(message)) return 'libsecret-missing'
  // No DBUS_SESSION_BUS_ADDRESS and no X11 display: "Cannot autolaunch D-Bus without X11 $DISPLAY".
  // An address pointing at no socket: "Could not connect: No such file or directory" (or
  // "Connection refused"), and GDBus' "Failed to connect to socket …".
  if (
    /autolaunch D-Bus|dbus-launch|DBUS_SESSION_BUS_ADDRESS|Could not connect:|Failed to connect to socket/i.test(
      message,
    )
  ) {
    return 'no-session-bus'
  }
  // A bus without a secrets daemon: "The name org.freedesktop.secrets was not provided by any .service files".
  if (/org\.freedesktop\.secrets was not provided|ServiceUnknown/i.test(message)) return 'no-secret-service'
  // "Cannot create an item in a locked collection"; a keyring that was never created/unlocked shows as
  // "Object does not exist at path “/org/freedesktop/secrets/collection/login”" once its unlock prompt
  // cannot be displayed; a dismissed prompt as "… prompt … dismissed".
  if (/locked|secrets\/collection\/|prompt|dismissed/i.test(message)) return 'keyring-locked'
  if (host.platform === 'linux' && !host.dbusSessionBusAddress) return 'no-session-bus'
  return 'unknown'
}

/**
 * The plain-language reason shown to the user. `knownSecrets` are redacted from any error text that is
 * quoted (a driver echoing its arguments must not put a key on screen or in a log).
 */
export function describeKeychainFailure(
  error: unknown,
  host: KeychainHost,
  knownSecrets: Iterable<string>,
): string {
  const cause = classifyKeychainFailure(error, host)
  switch (cause) {
    case 'keytar-not-installed':
      return keytarNotInstalledReason(host.platform)
    case 'libsecret-missing':
    case 'no-session-bus':
    case 'no-secret-service':
    case 'keyring-locked':
    case 'read-back-mismatch':
      return KEYCHAIN_FAILURE_REASONS[cause]
    case 'unknown': {
      const detail = redactSecrets(errorText(error), knownSecrets).slice(0, MAX_DETAIL_LENGTH)
      return `The system keychain could not be used (${detail || 'no error message'}). ${SESSION_ONLY}`
    }
    default: {
      const unhandled: never = cause
      throw new Error(`Unhandled keychain failure cause: ${String(unhandled)}`)
    }
  }
}

const MAX_DETAIL_LENGTH = 300

/**
 * Every secret in the text, in any spelling, replaced (the app's one matcher: longest first, so one
 * secret inside another is fully hidden; JSON-escaped and URL-encoded forms too).
 */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  return createSecretMatcher(secrets).redact(text, REDACTED)
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  try {
    return JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}
