import type { ReasoningSetting } from '@shared/chat/chat-request'
import type { EvalTarget, ParamPreset } from '@shared/eval'
import {
  choiceOf,
  reasoningOptions,
  settingFor,
  type ReasoningChoice,
} from '@renderer/features/params/reasoning-choice'

/** A target's reasoning in its dialect's terms (Messages thinking, Chat Completions effort). */
export function TargetReasoning({
  target,
  onChange,
}: {
  target: EvalTarget
  onChange: (targetId: string, params: ParamPreset | undefined) => void
}): React.JSX.Element {
  const setting = target.params?.reasoning
  return (
    <select
      className="select"
      aria-label={`Reasoning of ${target.dialect} ${target.model}`}
      value={choiceOf(setting, target.dialect)}
      onChange={(event) => {
        const { reasoning: _old, ...rest } = target.params ?? {}
        const next: ReasoningSetting | undefined = settingFor(
          event.target.value as ReasoningChoice,
          setting,
          target.params?.maxTokens,
        )
        onChange(target.id, next === undefined ? rest : { ...rest, reasoning: next })
      }}
    >
      {reasoningOptions(target.dialect, setting).map((option) => (
        <option key={option.value} value={option.value}>
          {option.value === 'default' ? 'reasoning: default' : option.label}
        </option>
      ))}
    </select>
  )
}
