import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { draftVariables } from './workbench-set'

/**
 * System prompt and user message with `{{variables}}`, detected as the user types; taken from the
 * chat (its system prompt and message box) or sent back to it.
 */
export function PromptEditor(): React.JSX.Element {
  const draft = useAppStore((state) => state.wbDraft)
  const updateDraft = useAppStore((state) => state.updateDraft)
  const variables = draftVariables(draft)
  const temperature = draft.params.temperature
  return (
    <section className="wb-section" aria-label="Prompt template">
      <PromptHeading />
      <label className="wb-label">
        Set name
        <input
          className="text-input"
          value={draft.name}
          maxLength={200}
          onChange={(event) => updateDraft({ name: event.target.value })}
        />
      </label>
      <label className="wb-label">
        System prompt
        <textarea
          className="text-input wb-textarea"
          rows={2}
          value={draft.system}
          onChange={(event) => updateDraft({ system: event.target.value })}
        />
      </label>
      <label className="wb-label">
        User message
        <textarea
          className="text-input wb-textarea"
          rows={3}
          placeholder="What is the capital of {{country}}?"
          value={draft.user}
          onChange={(event) => updateDraft({ user: event.target.value })}
        />
      </label>
      <label className="wb-label wb-inline">
        Temperature
        <input
          className="text-input wb-number"
          type="number"
          step="0.1"
          min={0}
          max={2}
          value={temperature ?? ''}
          onChange={(event) => {
            const { temperature: _old, ...rest } = draft.params
            const value = event.target.value
            updateDraft({ params: value === '' ? rest : { ...rest, temperature: Number(value) } })
          }}
        />
      </label>
      <div className="wb-variables" aria-label="Detected variables">
        Variables:{' '}
        {variables.length === 0 ? (
          <span className="wb-muted">none yet, write {'{{name}}'}</span>
        ) : (
          variables.map((name) => (
            <code key={name} className="wb-chip">
              {name}
            </code>
          ))
        )}
      </div>
    </section>
  )
}

/** The section's title, and the prompt taken from the chat or sent back to it. */
function PromptHeading(): React.JSX.Element {
  return (
    <div className="wb-row">
      <h2 className="wb-heading">Prompt</h2>
      <Button
        size="sm"
        variant="ghost"
        title="The chat's system prompt and message box (else its last message) become this prompt"
        onClick={() => useAppStore.getState().takePromptFromChat()}
      >
        From chat
      </Button>
      <Button
        size="sm"
        variant="ghost"
        title="This prompt becomes the chat's system prompt and message box"
        onClick={() => useAppStore.getState().sendPromptToChat()}
      >
        To chat
      </Button>
    </div>
  )
}
