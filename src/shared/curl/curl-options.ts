/** The environment variable a generated command reads the API key from, so the key never sits in it. */
export const KEY_ENV_VAR = 'MODEL_GATEWAY_API_KEY'

export type CurlOptions = {
  /** A value (the API key, or a placeholder standing for it) that appears in header values. */
  secret?: string
  /** Environment variable written instead of the secret; default KEY_ENV_VAR. */
  envVar?: string
  /** Write the secret itself (the explicit "copy with key" action, performed in main only). */
  revealSecret?: boolean
  /** One argument per line with ` \` continuations (default true). */
  multiline?: boolean
  /**
   * Where curl reads the body: `argument` (default, `--data-raw '…'`) or `stdin`, a here-document
   * after `--data @-`. Linux caps ONE argument at 128 KiB, so a longer body must use `stdin`.
   */
  bodyFrom?: 'argument' | 'stdin'
}
