import { invalidParamError } from '../../chat/errors'
import type { HeaderReader } from '../dialect'
import { ANTHROPIC_VERSION } from './anthropic-constants'

const VERSION_HEADER = 'anthropic-version'

/**
 * The key a Messages caller presents: `x-api-key` (the dialect's own header, SDK 0.x, Vercel), or else
 * `Authorization: Bearer` (what @anthropic-ai/sdk ≥ 1.0 sends, B6).
 */
export function readAnthropicApiKey(header: HeaderReader): string | undefined {
  const apiKey = header('x-api-key')?.trim()
  if (apiKey) return apiKey
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header('authorization') ?? '')
  return bearer?.[1]
}

/**
 * `anthropic-version` is required (the real API answers 400 without it). Accepted: 2023-06-01 and any
 * later real calendar date, since SDK 1.x sends 2026-10-21 and speaks the same wire format for what we
 * serve. Rejected like the API does: malformed values, earlier dates, and lists such as
 * `2023-06-01, 2023-06-01` (a header duplicated by a proxy). `anthropic-beta` is not checked: a
 * gateway ignores betas it does not know (B1.1), and Vercel adds some on its own.
 */
export function checkAnthropicHeaders(header: HeaderReader): void {
  const version = header(VERSION_HEADER)?.trim()
  if (version === undefined || version === '') {
    throw invalidParamError(VERSION_HEADER, 'header is required')
  }
  if (!isCalendarDate(version) || version < ANTHROPIC_VERSION) {
    throw invalidParamError(
      VERSION_HEADER,
      `${JSON.stringify(version)} is not a supported API version; send ${ANTHROPIC_VERSION} or a later date (YYYY-MM-DD).`,
    )
  }
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (match === null) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
