import type { InvokeOutput } from '@shared/ipc/contract'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'

export type Theme = 'system' | 'light' | 'dark'
type AppInfo = InvokeOutput<'app:info'>
export type NoticeTone = 'info' | 'success' | 'warning' | 'error'
export type Notice = { id: number; tone: NoticeTone; message: string }

export type AppSlice = {
  appInfo: AppInfo | null
  theme: Theme
  notices: Notice[]
  loadAppInfo(): Promise<void>
  setTheme(theme: Theme): Promise<void>
  /**
   * A short message above the composer (copied, saved, failed…). Each goes away by itself after
   * `noticeLifetimeMs` of its tone (the Notices view times it, and pauses while it is hovered or
   * focused), or when dismissed.
   */
  notify(tone: NoticeTone, message: string): void
  dismissNotice(id: number): void
}

let nextNoticeId = 1
/** Long enough to read a sentence. */
export const NOTICE_TIMEOUT_MS = 5000
/**
 * Errors and warnings stay three times as long: they say what went wrong and what to do, and may be
 * read after a moment's surprise. But they still go: one left over the screen for minutes (a refused
 * 24 MB image) hid the controls under it.
 */
export const PROBLEM_NOTICE_TIMEOUT_MS = 15_000

export function noticeLifetimeMs(tone: NoticeTone): number {
  return tone === 'error' || tone === 'warning' ? PROBLEM_NOTICE_TIMEOUT_MS : NOTICE_TIMEOUT_MS
}

export const createAppSlice: Slice<AppSlice> = (set, get) => ({
  appInfo: null,
  theme: 'system',
  notices: [],
  async loadAppInfo() {
    const [appInfo, settings] = await Promise.all([
      invoke('app:info', undefined),
      invoke('settings:get', undefined),
    ])
    set({ appInfo, theme: settings.theme })
    if (appInfo.quarantinedFiles.length > 0) {
      get().notify(
        'warning',
        `Some saved files could not be loaded (damaged, too large or unreadable, as each name says) and were set aside, not deleted: ${appInfo.quarantinedFiles.join(', ')}`,
      )
    }
  },
  async setTheme(theme) {
    set({ theme })
    await invoke('settings:set-theme', { theme })
  },
  notify(tone, message) {
    const id = nextNoticeId++
    set((state) => ({ notices: [...state.notices.slice(-4), { id, tone, message }] }))
  },
  dismissNotice(id) {
    set((state) => ({ notices: state.notices.filter((notice) => notice.id !== id) }))
  },
})
