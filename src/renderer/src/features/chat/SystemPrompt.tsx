import { useState } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '@renderer/store'
import { LinkToggle } from '@renderer/features/compare/LinkToggle'
import { selectPane } from './chat-selectors'
import { isLinked, paneSystem } from '@shared/history/pane-settings'

/**
 * The system prompt: one for every pane while linked, one per pane (side by side, over its pane)
 * when unlinked in compare mode. Folds to one line to give the transcript room.
 */
export function SystemPrompt(): React.JSX.Element {
  const paneIds = useAppStore(useShallow((state) => state.conversation.panes.map((pane) => pane.id)))
  const perPane = useAppStore(
    (state) => state.conversation.panes.length > 1 && !isLinked(state.conversation, 'system'),
  )
  const summary = useAppStore((state) => state.conversation.system)
  const [open, setOpen] = useState(true)
  const shownIds = perPane ? paneIds : paneIds.slice(0, 1)
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
        <div className={`system-prompt-fields system-prompt-fields-${shownIds.length}`}>
          {shownIds.map((paneId, index) => (
            <SystemPromptInput
              key={paneId}
              paneId={paneId}
              label={perPane ? `System prompt, Pane ${index + 1}` : 'System prompt'}
            />
          ))}
        </div>
      ) : (
        <button type="button" className="system-prompt-summary" onClick={() => setOpen(true)}>
          {perPane
            ? 'System prompts (one per pane)'
            : summary.trim() === ''
              ? 'System prompt (empty)'
              : `System: ${summary.replace(/\s+/g, ' ')}`}
        </button>
      )}
      <LinkToggle setting="system" />
    </div>
  )
}

function SystemPromptInput({ paneId, label }: { paneId: string; label: string }): React.JSX.Element {
  const system = useAppStore((state) => paneSystem(state.conversation, selectPane(state, paneId)))
  return (
    <textarea
      aria-label={label}
      className="chat-textarea system-prompt-input"
      placeholder="System prompt (optional): how the model should behave"
      value={system}
      onChange={(event) => useAppStore.getState().setSystem(event.target.value, paneId)}
    />
  )
}
