// The script of the tiny page the real-browser test serves from the browser host: the real api module
// (so the real bridge, with the token from the URL), driven by the test through `window.bridgeTest`.
import type { InvokeChannel } from '@shared/ipc/contract'
import { api, shell } from '@renderer/lib/api'

const results = { shell, invokes: [] as unknown[], events: [] as unknown[] }

api.on('chat:update', (payload) => results.events.push(payload))
void api.invoke('app:info', undefined).then((result) => {
  results.invokes.push(result)
  const status = document.getElementById('status')
  if (status) status.textContent = 'ready'
})

Object.assign(window, {
  bridgeTest: {
    results,
    invoke: (channel: InvokeChannel, input: unknown) => api.invoke(channel, input as never),
  },
})
