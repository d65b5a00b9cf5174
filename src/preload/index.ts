// Builds window.api from the contract's channel names: adding a channel never changes this file.
import { contextBridge, ipcRenderer } from 'electron'
import { EVENT_CHANNELS, INVOKE_CHANNELS, type PlaygroundApi } from '@shared/ipc/contract'

const invokeChannels = new Set<string>(INVOKE_CHANNELS)
const eventChannels = new Set<string>(EVENT_CHANNELS)

const api: PlaygroundApi = {
  invoke(channel, input) {
    if (!invokeChannels.has(channel)) return Promise.reject(new Error(`Unknown channel ${channel}`))
    return ipcRenderer.invoke(channel, input)
  },
  on(channel, listener) {
    if (!eventChannels.has(channel)) throw new Error(`Unknown event ${channel}`)
    const wrapped = (_event: unknown, payload: unknown): void => listener(payload as never)
    ipcRenderer.on(channel, wrapped)
    return () => ipcRenderer.removeListener(channel, wrapped)
  },
}

contextBridge.exposeInMainWorld('api', api)
