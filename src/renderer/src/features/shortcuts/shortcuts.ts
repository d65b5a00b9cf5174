/** The app's keyboard shortcuts: the one list the help dialog shows and the handlers follow. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['Ctrl+Enter', '⌘+Enter'], action: 'Send the message (in the message box; also saves an edit)' },
  { keys: ['Esc'], action: 'Stop the replies streaming (every pane when comparing)' },
  { keys: ['?'], action: 'Show these shortcuts (when not typing in a field)' },
  { keys: ['Esc'], action: 'Close a dialog, or cancel an edit' },
]

export type ShortcutAction = 'stop' | 'help'

/** What the page is told about a key press (a KeyboardEvent fits). */
export type KeyPress = {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  altKey: boolean
  defaultPrevented: boolean
  target: EventTarget | null
}

/** A field the user types in: `?` there is a character, not a command. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false
  if (target.isContentEditable) return true
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  if (target instanceof HTMLInputElement) {
    // Checkboxes, radios, buttons and sliders take no text.
    return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(target.type)
  }
  return false
}

/**
 * The app-wide action of a key press, or null. Esc stops streaming replies even from the message
 * box (the place a user is when a reply runs away), unless something else already used it (an inline
 * edit cancelled, a dialog closed) or a dialog is open (Esc closes the dialog there).
 */
export function shortcutFor(
  press: KeyPress,
  context: { dialogOpen: boolean; busy: boolean },
): ShortcutAction | null {
  if (press.defaultPrevented || context.dialogOpen) return null
  if (press.key === 'Escape') return context.busy ? 'stop' : null
  if (
    press.key === '?' &&
    !press.ctrlKey &&
    !press.metaKey &&
    !press.altKey &&
    !isTypingTarget(press.target)
  ) {
    return 'help'
  }
  return null
}
