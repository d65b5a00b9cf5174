import type { z } from 'zod'
import {
  invokeChannels,
  type EventChannel,
  type EventPayload,
  type InvokeChannel,
  type InvokeOutput,
  type InvokeResult,
} from '@shared/ipc/contract'
import { UserFacingError } from '../services/user-facing-error'

/** Main's implementation of every invoke channel; inputs arrive already parsed by the contract. */
export type InvokeHandlers = {
  [C in InvokeChannel]: (input: z.output<(typeof invokeChannels)[C]['input']>) => Promise<InvokeOutput<C>>
}

/**
 * One domain's share of the handlers, by channel prefix: `HandlersFor<'history'>` is every `history:*`
 * channel. The composition root spreads the domains into one InvokeHandlers, so a channel added to the
 * contract fails the type check until its domain handles it.
 */
export type HandlersFor<Domain extends string> = Pick<
  InvokeHandlers,
  Extract<InvokeChannel, `${Domain}:${string}`>
>

/** Where main's events go: Electron's webContents.send, or browser mode's SSE stream. */
export type EventSink = <C extends EventChannel>(channel: C, payload: EventPayload<C>) => void

export function isInvokeChannel(channel: unknown): channel is InvokeChannel {
  return typeof channel === 'string' && Object.hasOwn(invokeChannels, channel)
}

/**
 * One invoke, the same way in every shell: the channel must be in the contract, the input must
 * parse with its schema (renderer input is untrusted), and the answer is an envelope, so failures
 * arrive as data instead of Electron's mangled "Error invoking remote method" strings.
 */
export async function dispatchInvoke(
  handlers: InvokeHandlers,
  channel: unknown,
  rawInput: unknown,
  log: (line: string) => void = () => undefined,
): Promise<InvokeResult<unknown>> {
  if (!isInvokeChannel(channel)) {
    return {
      ok: false,
      error: { code: 'unknown_channel', message: `Unknown channel ${JSON.stringify(channel)}.` },
    }
  }
  const parsed = invokeChannels[channel].input.safeParse(rawInput)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
    return {
      ok: false,
      error: { code: 'invalid_input', message: `${where}${issue?.message ?? 'Invalid input.'}` },
    }
  }
  try {
    const handler = handlers[channel] as (input: unknown) => Promise<unknown>
    return { ok: true, value: await handler(parsed.data) }
  } catch (error) {
    if (error instanceof UserFacingError)
      return { ok: false, error: { code: error.code, message: error.message } }
    log(`invoke ${channel} failed: ${(error as Error)?.stack ?? String(error)}`)
    return { ok: false, error: { code: 'internal', message: (error as Error)?.message ?? String(error) } }
  }
}
