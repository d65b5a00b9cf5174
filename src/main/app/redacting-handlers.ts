import { type InvokeHandlers } from '../ipc/dispatch'
import { UserFacingError } from '../services/user-facing-error'

/**
 * Every handler's failure, redacted before it reaches the renderer: an internal error's message
 * goes to the page as it is (dispatchInvoke), and a library error may quote what it was given
 * (a header value, a keychain secret). Same code, same kind of error, only the text cleaned.
 */
export function withRedactedErrors(
  handlers: InvokeHandlers,
  redactText: (text: string) => string,
): InvokeHandlers {
  const wrapped: Record<string, (input: never) => Promise<unknown>> = {}
  for (const [channel, handler] of Object.entries(handlers) as Array<
    [string, (input: never) => Promise<unknown>]
  >) {
    wrapped[channel] = async (input) => {
      try {
        return await handler(input)
      } catch (error) {
        if (error instanceof UserFacingError) throw new UserFacingError(error.code, redactText(error.message))
        const message = error instanceof Error ? error.message : String(error)
        const cleaned = new Error(redactText(message))
        if (error instanceof Error && error.stack !== undefined) cleaned.stack = redactText(error.stack)
        throw cleaned
      }
    }
  }
  return wrapped as InvokeHandlers
}
