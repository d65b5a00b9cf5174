import { useEffect } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.closest('[hidden], [inert]') && element.getClientRects().length > 0,
  )
}

/**
 * A modal dialog's focus: it moves into the dialog on open (the first field other than the close
 * button, or the dialog itself) and back to what had it before on close; Tab cycles inside the
 * dialog; Escape calls `onClose` unless a child handled it (`preventDefault()`).
 */
export function useDialogFocus(
  dialogRef: React.RefObject<HTMLDivElement | null>,
  onCloseRef: React.RefObject<() => void>,
): void {
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
  }, [dialogRef])

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
      if (event.key === 'Tab') trapTab(event, dialog)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [dialogRef, onCloseRef])
}

/** Tab and Shift+Tab wrap around the dialog's focusable elements (and bring focus back into it). */
function trapTab(event: KeyboardEvent, dialog: HTMLElement): void {
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
