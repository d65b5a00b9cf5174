/** The app's keyboard shortcuts: the one list the help dialog shows and the handlers follow. */
export const SHORTCUTS: ReadonlyArray<{ keys: string[]; action: string }> = [
  { keys: ['Ctrl+Enter', '⌘+Enter'], action: 'Send the message (in the message box; also saves an edit)' },
  { keys: ['Esc'], action: 'Stop the replies streaming (every pane when comparing)' },
  { keys: ['Alt+N'], action: 'New conversation' },
  { keys: ['Alt+R'], action: 'Regenerate the last reply (every pane when comparing)' },
  { keys: ['Alt+M'], action: 'Switch model: go to the model picker of the focused pane' },
  { keys: ['Alt+]', 'Alt+['], action: 'Next or previous model of the catalog for the focused pane' },
  { keys: ['/'], action: 'Go to the message box (when not typing in a field)' },
  { keys: ['Alt+W'], action: 'Open the workbench, or back to the chat' },
  { keys: ['?'], action: 'Show these shortcuts (when not typing in a field)' },
  { keys: ['Esc'], action: 'Close a dialog, or cancel an edit' },
]

export type ShortcutAction =
  | 'stop'
  | 'help'
  | 'new-conversation'
  | 'regenerate'
  | 'pick-model'
  | 'next-model'
  | 'previous-model'
  | 'focus-composer'
  | 'toggle-workbench'

/**
 * Alt shortcuts by physical key (`code`): on a Mac, Alt+N types a character, so `key` differs by
 * keyboard layout and platform while the key pressed does not.
 */
const ALT_SHORTCUTS: Readonly<Record<string, ShortcutAction>> = {
  KeyN: 'new-conversation',
  KeyR: 'regenerate',
  KeyM: 'pick-model',
  BracketRight: 'next-model',
  BracketLeft: 'previous-model',
  KeyW: 'toggle-workbench',
}

/** What the page is told about a key press (a KeyboardEvent fits). */
export type KeyPress = {
  key: string
  /** The physical key (`KeyN`); the Alt shortcuts go by it. */
  code?: string
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
 * edit cancelled, a dialog closed) or a dialog is open (Esc closes the dialog there). Alt shortcuts
 * work from a field too (Alt+letter types nothing there on Windows and Linux); `?` and `/` only
 * outside one, where they would be characters.
 */
export function shortcutFor(
  press: KeyPress,
  context: { dialogOpen: boolean; busy: boolean },
): ShortcutAction | null {
  if (press.defaultPrevented || context.dialogOpen) return null
  if (press.key === 'Escape') return context.busy ? 'stop' : null
  if (press.altKey && !press.ctrlKey && !press.metaKey) return ALT_SHORTCUTS[press.code ?? ''] ?? null
  if (press.ctrlKey || press.metaKey || press.altKey || isTypingTarget(press.target)) return null
  if (press.key === '?') return 'help'
  if (press.key === '/') return 'focus-composer'
  return null
}
