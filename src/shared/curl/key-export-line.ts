import { KEY_ENV_VAR } from './curl-options'
import { singleQuote } from './curl-shell-quote'

/**
 * `export MODEL_GATEWAY_API_KEY='…'`: the line a user pastes before a generated command, so the
 * command's `$MODEL_GATEWAY_API_KEY` holds `key`. Single-quoted, so any key is taken literally.
 */
export function keyExportLine(key: string, envVar: string = KEY_ENV_VAR): string {
  return `export ${envVar}=${singleQuote(key)}`
}
