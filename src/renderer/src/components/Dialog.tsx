import { useEffect, useId, useRef } from 'react'
import { Button } from './Button'
import './components.css'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.getClientRects().length > 0,
  )
}

/**
 * A modal dialog: `role="dialog"`, `aria-modal`, named by its title. Focus moves into it on open (the
 * first field, or the dialog itself), Tab cycles inside it, Escape and the backdrop close it, and
 * focus returns to what had it before. A child that handles Escape itself (cancelling an inline edit)
 * calls `preventDefault()` so the dialog stays open.
 */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  width = 'md',
}: {
  title: string
  onClose: () => void
  children: React.ReactNode
  footer?: React.ReactNode
  width?: 'md' | 'lg'
}): React.JSX.Element {
  const titleId = useId()
  const dialogRef = useRef<HTMLDivElement>(null)
  // The latest onClose without re-running the focus effect when the caller passes a new function.
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  }, [onClose])

  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const dialog = dialogRef.current
    if (dialog) {
      const first = focusableIn(dialog).find((element) => !element.classList.contains('dialog-close'))
      ;(first ?? dialog).focus()
    }
    return () => {
      // Back to the opener, if it is still on the page.
      if (previouslyFocused?.isConnected) previouslyFocused.focus()
    }
  }, [])

  useEffect(() => {
    // On the document, not the dialog: when the focused control goes away (a button replaced by its
    // confirmation, a profile activated), focus falls to <body> and Escape and Tab must still work.
    // Listeners on the document run after React's, so a child that handled Escape (cancelling an
    // inline edit) has already called preventDefault.
    const onKeyDown = (event: KeyboardEvent): void => {
      const dialog = dialogRef.current
      if (!dialog) return
      if (event.key === 'Escape') {
        if (event.defaultPrevented) return
        event.preventDefault()
        onCloseRef.current()
        return
      }
      if (event.key !== 'Tab') return
      const focusable = focusableIn(dialog)
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (!first || !last) {
        event.preventDefault()
        dialog.focus()
        return
      }
      const active = document.activeElement
      if (!dialog.contains(active)) {
        event.preventDefault()
        ;(event.shiftKey ? last : first).focus()
      } else if (event.shiftKey && (active === first || active === dialog)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        // Only a press that starts on the backdrop itself closes (not a text selection ending there).
        if (event.target === event.currentTarget) onCloseRef.current()
      }}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`dialog dialog-${width}`}
      >
        <div className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            className="dialog-close"
            aria-label="Close"
            onClick={() => onCloseRef.current()}
          >
            ✕
          </Button>
        </div>
        <div className="dialog-body">{children}</div>
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>
  )
}
