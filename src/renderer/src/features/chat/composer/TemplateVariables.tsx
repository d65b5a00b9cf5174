import { useMemo } from 'react'
import { useAppStore } from '@renderer/store'
import { conversationVariables } from './template-variables'

/**
 * The variables form beside the composer: one field per `{{variable}}` found in the system prompt,
 * the transcript or the draft (as the user types). Values are kept with the conversation; the send
 * and the curl/code views fill the request with them (pane-request.ts).
 */
export function TemplateVariables(): React.JSX.Element | null {
  const conversation = useAppStore((state) => state.conversation)
  const composer = useAppStore((state) => state.composer)
  const setValue = useAppStore((state) => state.setTemplateValue)
  const names = useMemo(() => conversationVariables(conversation, composer), [conversation, composer])
  if (names.length === 0) return null
  const values = conversation.variables
  return (
    <section className="template-variables" aria-label="Template variables">
      <span className="template-variables-title">
        Variables{values === undefined ? ' (sent as written until you give a value)' : ''}
      </span>
      {names.map((name) => (
        <label key={name} className="template-variable">
          <code>{`{{${name}}}`}</code>
          <input
            className="text-input"
            aria-label={`Value of ${name}`}
            value={values?.[name] ?? ''}
            onChange={(event) => setValue(name, event.target.value)}
          />
        </label>
      ))}
    </section>
  )
}
