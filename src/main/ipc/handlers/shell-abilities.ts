/** What differs between the Electron shell and browser mode. */
export type ShellAbilities = {
  shell: 'electron' | 'browser'
  version: string
  /** Writes the system clipboard (Electron). Browser mode has none: the key must not reach the page. */
  writeClipboard?: (text: string) => void
  /** Opens an http(s) URL in the system browser (Electron). */
  openExternal?: (url: string) => Promise<void>
}
