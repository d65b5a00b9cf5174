import { useState } from 'react'
import { useAppStore } from '../../store'

/** The system prompt, shared by the panes; folds to one line to give the transcript room. */
export function SystemPrompt(): React.JSX.Element {
  const system = useAppStore((state) => state.conversation.system)
  const [open, setOpen] = useState(true)
  return (
    <div className={`system-prompt ${open ? '' : 'system-prompt-folded'}`}>
      <button
        type="button"
        className="system-prompt-toggle"
        aria-expanded={open}
        aria-label={open ? 'Fold the system prompt' : 'Unfold the system prompt'}
        onClick={() => setOpen(!open)}
      >
        {open ? '▾' : '▸'}
      </button>
      {open ? (
        <textarea
          aria-label="System prompt"
          className="chat-textarea system-prompt-input"
          placeholder="System prompt (optional): how the model should behave"
          value={system}
          onChange={(event) => useAppStore.getState().setSystem(event.target.value)}
        />
      ) : (
        <button type="button" className="system-prompt-summary" onClick={() => setOpen(true)}>
          {system.trim() === '' ? 'System prompt (empty)' : `System: ${system.replace(/\s+/g, ' ')}`}
        </button>
      )}
    </div>
  )
}
