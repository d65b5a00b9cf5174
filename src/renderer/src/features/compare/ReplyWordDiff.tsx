import { useMemo, useState } from 'react'
import type { Pane } from '@shared/history/conversation'
import { messageText } from '@renderer/features/chat/conversation/transcript-edits'
import { diffWords } from '@renderer/lib/text-diff'
import { replyToTurn } from './compare-summary'

/**
 * The replies of two panes to the same turn, word by word: what the first says that the second does
 * not is struck through, what the second adds is marked. Any two panes can be picked.
 */
export function ReplyWordDiff({
  panes,
  turnId,
}: {
  panes: readonly Pane[]
  turnId: string
}): React.JSX.Element {
  const [picked, setPicked] = useState<[number, number]>([0, 1])
  // Folded (the default), nothing is diffed: the replies change with every streamed frame, and a
  // diff of two long replies per frame cost the streams their frames (performance.md R1).
  const [open, setOpen] = useState(false)
  const [from, to] = picked.map((index) => Math.min(index, panes.length - 1)) as [number, number]
  const textOf = (pane: Pane | undefined): string => {
    const answer = pane === undefined ? undefined : replyToTurn(pane.messages, turnId)
    return answer ? messageText(answer.message) : ''
  }
  const before = open ? textOf(panes[from]) : ''
  const after = open ? textOf(panes[to]) : ''
  const parts = useMemo(() => diffWords(before, after), [before, after])
  const select = (which: 0 | 1, label: string): React.JSX.Element => (
    <select
      className="select"
      aria-label={label}
      value={picked[which]}
      onChange={(event) =>
        setPicked((current) => {
          const next: [number, number] = [...current]
          next[which] = Number(event.target.value)
          return next
        })
      }
    >
      {panes.map((_, index) => (
        <option key={index} value={index}>
          Pane {index + 1}
        </option>
      ))}
    </select>
  )
  return (
    <details className="compare-word-diff" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="compare-summary-title">Word diff of the replies</summary>
      <div className="compare-summary-body">
        <div className="compare-word-diff-pick">
          {select(0, 'Diff from pane')} → {select(1, 'Diff to pane')}
        </div>
        <p className="compare-word-diff-text" aria-label="Word diff">
          {parts.map((part, index) =>
            part.kind === 'removed' ? (
              <del key={index}>{part.text}</del>
            ) : part.kind === 'added' ? (
              <ins key={index}>{part.text}</ins>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )}
        </p>
      </div>
    </details>
  )
}
