import { useMemo } from 'react'
import type { ParamAdjustment } from '@shared/dialects/dialect'
import { Disclosure } from '@renderer/components/Disclosure'
import type { InspectedReply } from './inspector-selectors'

/** What the dialect changed in the parameters (dropped, clamped, renamed), or that it changed nothing. */
export function AdjustmentsSection({ adjustments }: { adjustments: ParamAdjustment[] }): React.JSX.Element {
  return (
    <Disclosure summary={`Adjustments (${adjustments.length})`} defaultOpen={adjustments.length > 0}>
      {adjustments.length === 0 ? (
        <p className="inspector-muted">The dialect sent every parameter as set.</p>
      ) : (
        <ul className="inspector-adjustments">
          {adjustments.map((adjustment, index) => (
            <li key={index}>
              <code>{adjustment.param}</code> <span className="inspector-action">{adjustment.action}</span>:{' '}
              {adjustment.detail}
            </li>
          ))}
        </ul>
      )}
    </Disclosure>
  )
}

/** The reply assembled from the stream: content, finish, usage, reasoning, and the run's state. */
export function AssembledResult({
  inspected,
  state,
}: {
  inspected: InspectedReply
  state: string
}): React.JSX.Element {
  const { message, run } = inspected
  const reply = message.reply
  const assembled = useMemo(
    () =>
      JSON.stringify(
        {
          content: message.content,
          finish: run?.finish ?? reply?.finish ?? null,
          usage: run?.usage ?? reply?.usage ?? null,
          // Replies saved before thinking was kept in the content have it here.
          ...(reply?.reasoning ? { reasoning: reply.reasoning } : {}),
          state,
        },
        null,
        2,
      ),
    [message.content, run?.finish, run?.usage, reply, state],
  )
  return (
    <Disclosure summary="Assembled result" defaultOpen>
      <pre className="inspector-pre" aria-label="Assembled result">
        {assembled}
      </pre>
    </Disclosure>
  )
}
