import { useEffect, useRef, useState } from 'react'
import { Button, type ButtonVariant } from './Button'
import './components.css'

/**
 * A destructive action that asks first, in place (no native confirm(), which Electron and headless
 * browsers handle badly): the button turns into "<question> [confirm] [Cancel]". Escape cancels
 * (and does not close a surrounding dialog); focus goes to Cancel, the safe choice.
 */
export function ConfirmButton({
  label,
  question,
  confirmLabel,
  onConfirm,
  size = 'sm',
  variant = 'ghost',
  ariaLabel,
  disabled,
}: {
  label: string
  question: string
  confirmLabel: string
  onConfirm: () => void | Promise<void>
  size?: 'sm' | 'md'
  variant?: ButtonVariant
  /** Accessible name of the first button when `label` alone is ambiguous ("Delete" in a list). */
  ariaLabel?: string
  disabled?: boolean
}): React.JSX.Element {
  const [asking, setAsking] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const restoreFocus = useRef(false)

  useEffect(() => {
    if (!asking && restoreFocus.current) {
      restoreFocus.current = false
      triggerRef.current?.focus()
    }
  }, [asking])

  if (!asking) {
    return (
      <Button
        ref={triggerRef}
        size={size}
        variant={variant}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
    )
  }
  return (
    <ConfirmQuestion
      question={question}
      confirmLabel={confirmLabel}
      size={size}
      onConfirm={onConfirm}
      onDone={() => setAsking(false)}
      onCancel={() => {
        restoreFocus.current = true
        setAsking(false)
      }}
    />
  )
}

/** The question in place of the button: confirm, or Cancel (focused, and Escape) to go back. */
function ConfirmQuestion({
  question,
  confirmLabel,
  size,
  onConfirm,
  onDone,
  onCancel,
}: {
  question: string
  confirmLabel: string
  size: 'sm' | 'md'
  onConfirm: () => void | Promise<void>
  onDone: () => void
  onCancel: () => void
}): React.JSX.Element {
  const [busy, setBusy] = useState(false)
  const cancelRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    cancelRef.current?.focus()
  }, [])
  return (
    <span
      role="group"
      aria-label={question}
      className="confirm-inline"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          onCancel()
        }
      }}
    >
      <span className="confirm-question">{question}</span>
      <Button
        size={size}
        variant="danger"
        disabled={busy}
        onClick={async () => {
          setBusy(true)
          try {
            await onConfirm()
          } finally {
            setBusy(false)
            onDone()
          }
        }}
      >
        {confirmLabel}
      </Button>
      <Button ref={cancelRef} size={size} variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </span>
  )
}
