import { isLoopbackHost } from '../http/loopback-host'

/**
 * Where a profile's key may go: the origin (scheme, host, port) of its base URL. A key was given
 * for one server; an edited base URL that points at another server must not silently take it along.
 */
export function urlOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined
  } catch {
    return undefined
  }
}

/** True when the two URLs point at different origins (an unparseable URL counts as different). */
export function originChanged(before: string, after: string): boolean {
  const a = urlOrigin(before)
  return a === undefined || a !== urlOrigin(after)
}

/**
 * A warning for a base URL whose requests travel unencrypted to another machine: plain `http://`
 * to a host that is not loopback. Saved anyway (a trusted private network is a real case), but
 * the user must have read it.
 */
export function insecureBaseUrlWarning(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return undefined
  }
  if (parsed.protocol !== 'http:' || isLoopbackHost(parsed.hostname)) return undefined
  return `Plain http:// to ${parsed.host}: the API key and every prompt travel unencrypted and can be read on the network. Use https:// unless this is a network you trust.`
}

/** What the user is told when a saved profile's key was removed because its origin changed. */
export function keyRemovedNotice(profileName: string, from: string, to: string): string {
  return `The key of "${profileName}" was removed: it was given for ${from}, and the base URL now points to ${to}. Enter the key again if this server should have it.`
}
