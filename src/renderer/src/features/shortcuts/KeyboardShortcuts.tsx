import { useEffect, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { Dialog } from '@renderer/components/Dialog'
import { useAppStore } from '@renderer/store'
import { selectConversationBusy } from '@renderer/features/chat/chat-selectors'
import { runShortcut } from './run-shortcut'
import { SHORTCUTS, shortcutFor } from './shortcuts'
import './shortcuts.css'

/**
 * The app-wide keys (shortcuts.ts: Esc stops the streaming replies, Alt+N starts a new conversation,
 * `?` lists them all…) and the button that lists them. Listens on the document, after React's handlers, so a field that used a key first
 * (called preventDefault) keeps it.
 */
export function KeyboardShortcuts(): React.JSX.Element {
  const [open, setOpen] = useState(false)
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      const state = useAppStore.getState()
      const action = shortcutFor(event, {
        dialogOpen: document.querySelector('[role="dialog"][aria-modal="true"]') !== null,
        busy: selectConversationBusy(state),
      })
      if (action === null) return
      event.preventDefault()
      if (action === 'help') setOpen(true)
      else runShortcut(action)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  return (
    <>
      <Button
        variant="ghost"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        onClick={() => setOpen(true)}
      >
        ?
      </Button>
      {open && (
        <Dialog title="Keyboard shortcuts" onClose={() => setOpen(false)}>
          <table className="shortcuts-table" aria-label="Keyboard shortcuts">
            <tbody>
              {SHORTCUTS.map(({ keys, action }) => (
                <tr key={action}>
                  <th scope="row">
                    {keys.map((key, index) => (
                      <span key={key}>
                        {index > 0 && ' or '}
                        <kbd>{key}</kbd>
                      </span>
                    ))}
                  </th>
                  <td>{action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Dialog>
      )}
    </>
  )
}
