import type { InvokeChannel, InvokeInput, InvokeOutput } from '@shared/ipc/contract'
import { api } from './api'

/** A failed invoke, with the message main meant for the user ("There is no profile x."). */
export class ApiError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.name = 'ApiError'
    this.code = code
  }
}

/** Calls main and unwraps the envelope: the value, or an ApiError carrying main's message. */
export async function invoke<C extends InvokeChannel>(
  channel: C,
  input: InvokeInput<C>,
): Promise<InvokeOutput<C>> {
  const result = await api.invoke(channel, input)
  if (!result.ok) throw new ApiError(result.error.code, result.error.message)
  return result.value
}
