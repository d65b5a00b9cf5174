import { useId, useState } from 'react'
import type { ReasoningDisplay, ReasoningSetting } from '@shared/chat/chat-request'
import { SelectField } from '@renderer/components/SelectField'
import { useAppStore } from '@renderer/store'
import type { NextRequest } from '@renderer/features/curl/next-request'
import { paneLabel, selectFocusedPane, selectParam } from './params-selectors'
import {
  budgetProblem,
  choiceOf,
  MIN_THINKING_BUDGET,
  reasoningOptions,
  settingFor,
} from './reasoning-choice'
import { supportHint } from './support-hint'
import { FieldRow } from './FieldRow'

type DisplayChoice = 'default' | ReasoningDisplay

/**
 * Reasoning in the focused pane's dialect: Messages thinking (off, a budget, adaptive; with a
 * display), or Chat Completions' effort. What another pane's dialect makes of it is said under it.
 */
export function ReasoningField({
  listed,
  nextRequests,
}: {
  listed: boolean
  nextRequests: readonly NextRequest[]
}): React.JSX.Element {
  const setting = useAppStore((state) => selectParam(state, 'reasoning'))
  const maxTokens = useAppStore((state) => selectParam(state, 'maxTokens'))
  const dialect = useAppStore((state) => selectFocusedPane(state)?.dialect ?? 'openai-chat')
  const setParams = useAppStore((state) => state.setParams)
  const messages = dialect === 'anthropic-messages'
  const notes = nextRequests.flatMap((next, index) =>
    next.ok
      ? next.built.adjustments
          .filter((a) => /reasoning|thinking/i.test(a.param))
          .map((a) => `${paneLabel(index)}: ${a.detail}`)
      : [],
  )
  return (
    <div className="params-reasoning">
      <SelectField
        label={messages ? 'Thinking' : 'Reasoning effort'}
        value={choiceOf(setting, dialect)}
        options={reasoningOptions(dialect, setting)}
        onChange={(choice) => setParams({ reasoning: settingFor(choice, setting, maxTokens) })}
        hint={supportHint(
          listed,
          messages
            ? 'Messages `thinking`: off, a budget of tokens (counted in max tokens), or adaptive.'
            : 'Chat Completions `reasoning_effort`.',
        )}
      />
      {messages && setting?.type === 'budget' && <BudgetInput setting={setting} maxTokens={maxTokens} />}
      {messages && (setting?.type === 'budget' || setting?.type === 'adaptive') && (
        <SelectField<DisplayChoice>
          label="Thinking display"
          value={setting.display ?? 'default'}
          options={[
            { value: 'default', label: 'Default (not sent)' },
            { value: 'summarized', label: 'Summarized' },
            { value: 'omitted', label: 'Omitted (signature only)' },
          ]}
          onChange={(display) => {
            const { display: _old, ...rest } = setting
            setParams({ reasoning: display === 'default' ? rest : { ...rest, display } })
          }}
        />
      )}
      {notes.length > 0 && (
        <div className="field-note" role="note">
          {notes.join(' ')}
        </div>
      )}
    </div>
  )
}

/** The thinking budget: a whole number from 1,024 to below max tokens; other input is not applied. */
function BudgetInput({
  setting,
  maxTokens,
}: {
  setting: Extract<ReasoningSetting, { type: 'budget' }>
  maxTokens: number | undefined
}): React.JSX.Element {
  const setParams = useAppStore((state) => state.setParams)
  const id = useId()
  const [text, setText] = useState<string | null>(null)
  const typed = text === null ? undefined : Number(text)
  const problem = budgetProblem(typed ?? setting.budgetTokens, maxTokens)
  return (
    <div className="field">
      <FieldRow htmlFor={id} label="Thinking budget">
        <input
          id={id}
          className="number-input"
          type="number"
          inputMode="numeric"
          step={256}
          min={MIN_THINKING_BUDGET}
          value={text ?? String(setting.budgetTokens)}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setText(event.target.value)
            const value = Number(event.target.value)
            if (budgetProblem(value, maxTokens) === undefined)
              setParams({ reasoning: { ...setting, budgetTokens: value } })
          }}
          onBlur={() => setText(null)}
        />
      </FieldRow>
      {problem && (
        <div className="field-error" role="alert">
          {problem}
        </div>
      )}
    </div>
  )
}
