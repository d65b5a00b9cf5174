import { useId } from 'react'
import { useAppStore } from '@renderer/store'
import { selectParam, usePaneTargets } from './params-selectors'
import { formatStopSequences, parseStopSequences } from './stop-sequences-text'
import { supportHint } from './support-hint'
import { useEditorText } from './use-editor-text'
import { FieldRow } from './FieldRow'

/** Chat Completions accepts at most four stop sequences (Messages has no such limit). */
const CHAT_COMPLETIONS_MAX_STOP = 4

/** Stop sequences, one per line (`\n` inside a line is a line break); applied as typed. */
export function StopSequencesField({ listed }: { listed: boolean }): React.JSX.Element {
  const stop = useAppStore((state) => selectParam(state, 'stop'))
  const setParams = useAppStore((state) => state.setParams)
  const panes = usePaneTargets()
  const id = useId()
  const hintId = useId()
  const applied = formatStopSequences(stop)
  const [text, setText] = useEditorText('stop', {
    applied,
    sameAsApplied: (draft) => formatStopSequences(parseStopSequences(draft)) === applied,
    isValid: () => true,
  })

  const notes: string[] = []
  const chatCompletionsPanes = panes.filter((pane) => pane.dialect === 'openai-chat')
  if (stop.length > CHAT_COMPLETIONS_MAX_STOP && chatCompletionsPanes.length > 0) {
    notes.push(
      `${chatCompletionsPanes.map((pane) => pane.label).join(' and ')} (Chat Completions) will send only the first ${CHAT_COMPLETIONS_MAX_STOP} of ${stop.length}: it accepts at most ${CHAT_COMPLETIONS_MAX_STOP}.`,
    )
  }
  const messagesPanes = panes.filter((pane) => pane.dialect === 'anthropic-messages')
  if (messagesPanes.length > 0 && stop.some((sequence) => sequence.trim() === '')) {
    notes.push(
      `${messagesPanes.map((pane) => pane.label).join(' and ')} (Messages) will drop whitespace-only sequences: it rejects them.`,
    )
  }

  return (
    <div className="field">
      <FieldRow htmlFor={id} label="Stop sequences">
        <span className="params-count">{stop.length === 0 ? 'none' : `${stop.length} set`}</span>
      </FieldRow>
      <textarea
        id={id}
        className="params-textarea params-textarea-short"
        rows={2}
        spellCheck={false}
        aria-describedby={hintId}
        value={text}
        placeholder={'One per line, e.g.\nEND'}
        onChange={(event) => {
          setText(event.target.value)
          setParams({ stop: parseStopSequences(event.target.value) })
        }}
      />
      <div id={hintId} className="field-hint">
        {supportHint(
          listed,
          // The limit is Chat Completions' alone: said only when a pane speaks that dialect.
          `One per line; write \\n for a line break inside one.${
            chatCompletionsPanes.length > 0 ? ` Up to ${CHAT_COMPLETIONS_MAX_STOP} for Chat Completions.` : ''
          }`,
        )}
      </div>
      {notes.map((note) => (
        <div key={note} className="field-note" role="note">
          {note}
        </div>
      ))}
    </div>
  )
}
