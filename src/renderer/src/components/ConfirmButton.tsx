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
  const [busy, setBusy] = useState(false)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const restoreFocus = useRef(false)

  useEffect(() => {
    if (asking) cancelRef.current?.focus()
    else if (restoreFocus.current) {
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

  const cancel = (): void => {
    restoreFocus.current = true
    setAsking(false)
  }

  return (
    <span
      role="group"
      aria-label={question}
      className="confirm-inline"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault()
          cancel()
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
            setAsking(false)
          }
        }}
      >
        {confirmLabel}
      </Button>
      <Button ref={cancelRef} size={size} variant="ghost" onClick={cancel}>
        Cancel
      </Button>
    </span>
  )
}
