/**
 * Addresses only this machine can reach: 127.0.0.0/8, ::1 (in any of its spellings, bracketed as URLs
 * write it or not), IPv4-mapped 127.x, and `localhost` with its subdomains (RFC 6761 reserves them for
 * loopback). One definition for the gateway CLI's bind warning, the profile form's plain-http warning
 * and the network-failure hint.
 */
export function isLoopbackHost(host: string): boolean {
  const lower = host.toLowerCase()
  const bare = lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^0*:(0*:){0,6}0*1$/.test(bare) ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
  )
}
