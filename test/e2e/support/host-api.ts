import type { InvokeChannel, InvokeInput, InvokeOutput, InvokeResult } from '@shared/ipc/contract'
import type { AppProcess } from './app-process'

/** The per-launch access token, from the URL `npm start` printed (`…/#token=…`). */
function accessToken(app: Pick<AppProcess, 'url'>): string {
  const token = new URLSearchParams(new URL(app.url).hash.replace(/^#/, '')).get('token')
  if (!token) throw new Error(`no token in ${app.url}`)
  return token
}

/**
 * Calls main's API from the test process, as the browser-mode page does (same route, token and
 * origin): for setup that is not the subject of a test. Throws main's message on a refusal.
 */
export async function hostInvoke<C extends InvokeChannel>(
  app: Pick<AppProcess, 'url' | 'origin'>,
  channel: C,
  input: InvokeInput<C>,
): Promise<InvokeOutput<C>> {
  const response = await fetch(`${app.origin}/api/invoke/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-playground-token': accessToken(app),
      origin: app.origin,
    },
    body: input === undefined ? '' : JSON.stringify(input),
  })
  const envelope = (await response.json()) as InvokeResult<InvokeOutput<C>>
  if (!envelope.ok) throw new Error(`${channel} refused: ${envelope.error.message}`)
  return envelope.value
}
