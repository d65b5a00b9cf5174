import { z } from 'zod'
import type { ParamAdjustment } from '../dialects/dialect'
import { paramAdjustmentSchema } from './run-types'

/**
 * What a gateway's proxy had to change or drop when it translated a request into its upstream's
 * dialect (the upstream builder's adjustments), told to the client in a response header: the body
 * is the upstream dialect's answer and has no place for it. Both ends live here: the gateway writes
 * the header, the app reads it into the run's adjustments (docs/gateway.md, "Reasoning and prompt
 * caching").
 */
export const GATEWAY_ADJUSTMENTS_HEADER = 'x-gateway-adjustments'

/** A header value holds only visible ASCII: JSON with every other character as a `\uXXXX` escape. */
export function encodeAdjustmentsHeader(adjustments: readonly ParamAdjustment[]): string {
  return JSON.stringify(adjustments).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

const headerSchema = z.array(paramAdjustmentSchema).max(100)

/**
 * The adjustments a gateway reported, or none when the header is absent. A value that is not the
 * list this module writes (another server's header of that name) is not trusted and reads as none.
 */
export function parseAdjustmentsHeader(value: string | null | undefined): ParamAdjustment[] {
  if (value === null || value === undefined || value === '') return []
  let json: unknown
  try {
    json = JSON.parse(value)
  } catch {
    return []
  }
  const parsed = headerSchema.safeParse(json)
  return parsed.success ? parsed.data : []
}
