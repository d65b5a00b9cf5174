import type { PlaygroundApi } from '@shared/ipc/contract'

declare global {
  interface Window {
    /** Put there by the Electron preload; absent in browser mode (src/renderer/src/lib/api.ts decides). */
    readonly api?: PlaygroundApi
  }
}

export {}
