/** Where the CLI got the key clients must present. */
export type KeySource = 'flag' | 'env' | 'generated'

export const API_KEY_ENV_VAR = 'MODEL_GATEWAY_API_KEY'

/**
 * A key as the banner shows it: whole, with where it came from. The issue's interface says the CLI
 * prints the key in use, and tooling reads it back; it is a loopback gateway's key the user chose or
 * was just handed, not an upstream credential (those stay in the environment and are never printed).
 */
export function describeApiKey(apiKey: string, source: KeySource): string {
  switch (source) {
    case 'flag':
      return `${apiKey}  (from --key)`
    case 'env':
      return `${apiKey}  (from $${API_KEY_ENV_VAR})`
    case 'generated':
      return `${apiKey}  (generated for this run; export ${API_KEY_ENV_VAR}=${apiKey} to reuse it)`
    default: {
      const unreachable: never = source
      throw new Error(`unknown key source ${String(unreachable)}`)
    }
  }
}

export type BannerInput = {
  baseUrl: string
  port: number
  apiKey: string
  keySource: KeySource
  faultInjection: boolean
  configPath: string | undefined
  /** The `--record` folder. */
  record?: string | undefined
  /** `--replay`: the folder, speed and what a miss does. */
  replay?: { dir: string; speed: number | 'instant'; onMiss: string } | undefined
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
    ...(input.record === undefined ? [] : [`  Recording: every proxied exchange into ${input.record}`]),
    ...(input.replay === undefined
      ? []
      : [
          `  Replay:   ${input.replay.dir} (speed ${input.replay.speed === 'instant' ? 'instant' : `${input.replay.speed}×`}, on a miss: ${input.replay.onMiss})`,
        ]),
    `Try: curl ${input.baseUrl}/models -H "Authorization: Bearer $${API_KEY_ENV_VAR}"`,
    `Stop with Ctrl+C.`,
    '',
  ].join('\n')
}
