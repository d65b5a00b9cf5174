/** Where the CLI got the key clients must present. */
export type KeySource = 'flag' | 'env' | 'generated'

export const API_KEY_ENV_VAR = 'MODEL_GATEWAY_API_KEY'

/**
 * A key as the banner shows it. A key the user supplied (flag or environment) is masked to its last
 * four characters: they already have it, and terminal scrollback and CI logs must not (security.md §2).
 * A generated key is shown whole, since printing it is the only way to learn it.
 */
export function describeApiKey(apiKey: string, source: KeySource): string {
  switch (source) {
    case 'flag':
      return `…${lastFour(apiKey)}  (from --key)`
    case 'env':
      return `…${lastFour(apiKey)}  (from $${API_KEY_ENV_VAR})`
    case 'generated':
      return `${apiKey}  (generated for this run; export ${API_KEY_ENV_VAR}=${apiKey} to reuse it)`
    default: {
      const unreachable: never = source
      throw new Error(`unknown key source ${String(unreachable)}`)
    }
  }
}

function lastFour(value: string): string {
  // Code points, so a key ending in an astral character is never cut inside a surrogate pair.
  return Array.from(value).slice(-4).join('')
}

export type BannerInput = {
  baseUrl: string
  port: number
  apiKey: string
  keySource: KeySource
  faultInjection: boolean
  configPath: string | undefined
}

/** What `npm run gateway` prints once it listens. Tests read the base URL and port back from it. */
export function gatewayBanner(input: BannerInput): string {
  return [
    `Local model gateway listening.`,
    `  Base URL: ${input.baseUrl}`,
    `  Port:     ${input.port}`,
    `  API key:  ${describeApiKey(input.apiKey, input.keySource)}`,
    `  Config:   ${input.configPath ?? 'built-in defaults'}`,
    `  Fault injection (x-simulate): ${input.faultInjection ? 'on' : 'off'}`,
    `Try: curl ${input.baseUrl}/models -H "Authorization: Bearer $${API_KEY_ENV_VAR}"`,
    `Stop with Ctrl+C.`,
    '',
  ].join('\n')
}
