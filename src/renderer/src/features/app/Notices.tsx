import { useAppStore } from '../../store'
import type { Notice } from './app-slice'

/**
 * Toasts in the corner. Errors are alerts (announced at once, kept until dismissed); the rest are
 * polite status messages that go away by themselves.
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
  return (
    <div role={notice.tone === 'error' ? 'alert' : 'status'} className={`notice notice-${notice.tone}`}>
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
