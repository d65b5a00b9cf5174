import { useEffect, useId, useRef } from 'react'
import { Button } from './Button'
import { useDialogFocus } from './use-dialog-focus'
import './components.css'

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

  useDialogFocus(dialogRef, onCloseRef)

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
