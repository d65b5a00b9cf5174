import { useEffect, useState } from 'react'
import { useAppStore } from '@renderer/store'
import { noticeLifetimeMs, type Notice } from './app-slice'

/**
 * Toasts. Errors are alerts (announced at once), the rest polite status messages. Each goes away by
 * itself after its tone's lifetime (errors and warnings later than the rest), but not while the
 * pointer is on it or it holds the focus; the ✕ dismisses it at once.
 *
 * Where: the chat area renders this in a zero-height anchor just above the composer, so the stack
 * grows upward over the transcript and can never cover the message box, Attach, Send or Stop.
 */
export function Notices(): React.JSX.Element {
  const notices = useAppStore((state) => state.notices)
  return (
    <div className="notices" aria-label="Notifications">
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </div>
  )
}

function NoticeItem({ notice }: { notice: Notice }): React.JSX.Element {
  const dismiss = useAppStore((state) => state.dismissNotice)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const held = hovered || focused
  useEffect(() => {
    if (held) return
    // Restarted in full when the pointer or focus leaves: the user was just reading it.
    const timer = setTimeout(() => dismiss(notice.id), noticeLifetimeMs(notice.tone))
    return () => clearTimeout(timer)
  }, [held, notice.id, notice.tone, dismiss])
  return (
    <div
      role={notice.tone === 'error' ? 'alert' : 'status'}
      className={`notice notice-${notice.tone}`}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
      }}
    >
      <span className="notice-message">{notice.message}</span>
      <button
        type="button"
        className="notice-dismiss"
        aria-label="Dismiss"
        title="Dismiss"
        onClick={() => dismiss(notice.id)}
      >
        ✕
      </button>
    </div>
  )
}
