import { useMemo, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { formatBytes } from '@renderer/features/curl/command-size'
import { summarizeLargeText } from './large-text'

/**
 * A large text shown collapsed: its size, line count and first lines. "Show all" renders the whole
 * text (read-only) on demand; nothing of it sits in a live text box. Used by the composer (with
 * Remove) and by the transcript.
 */
export function PastedTextBlock({
  text,
  onRemove,
}: {
  text: string
  onRemove?: () => void
}): React.JSX.Element {
  const [expanded, setExpanded] = useState(false)
  const summary = useMemo(() => summarizeLargeText(text), [text])
  const size = formatBytes(summary.bytes)
  return (
    <div className="pasted-text" role="group" aria-label={`Pasted text, ${size}`}>
      <div className="pasted-text-head">
        <span className="pasted-text-title">
          Pasted text · {size} · {summary.lines.toLocaleString('en-US')}{' '}
          {summary.lines === 1 ? 'line' : 'lines'}
        </span>
        <Button size="sm" variant="ghost" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Collapse' : 'Show all'}
        </Button>
        {onRemove && (
          <Button size="sm" variant="ghost" onClick={onRemove}>
            Remove
          </Button>
        )}
      </div>
      <pre className={expanded ? 'pasted-text-full' : 'pasted-text-preview'}>
        {expanded ? text : summary.firstLines.join('\n')}
      </pre>
    </div>
  )
}

/** The draft's pasted texts, above the message box. */
export function DraftPastedTexts({
  texts,
  onRemove,
}: {
  texts: readonly string[]
  onRemove: (index: number) => void
}): React.JSX.Element | null {
  if (texts.length === 0) return null
  return (
    <div className="draft-pasted">
      {texts.map((text, index) => (
        <PastedTextBlock key={index} text={text} onRemove={() => onRemove(index)} />
      ))}
    </div>
  )
}
