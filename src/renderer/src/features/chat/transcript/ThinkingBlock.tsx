import { memo, useMemo, useState } from 'react'
import { thinkingChunks } from './thinking-chunks'
import { thinkingSummary, type ThinkingFacts } from './thinking-summary'

/**
 * A reply's thinking, above its answer: open while the model thinks (so it can be read as it
 * streams), folded once the answer starts, and open or folded as the user last chose after that.
 * The head says how long and how much it thought.
 */
export function ThinkingBlock({ text, facts }: { text: string; facts: ThinkingFacts }): React.JSX.Element {
  const [chosen, setChosen] = useState<boolean | undefined>(undefined)
  const open = chosen ?? facts.thinking
  const chunks = useMemo(() => thinkingChunks(text), [text])
  return (
    <details className="msg-reasoning" open={open}>
      <summary
        onClick={(event) => {
          // The open state is React's, not the element's: a click toggles it here.
          event.preventDefault()
          setChosen(!open)
        }}
      >
        {thinkingSummary(facts)}
      </summary>
      <div className="msg-plain">
        {chunks.map((chunk, index) => (
          // By position: a chunk only ever grows at the end, and those before it stay as they are.
          <ThinkingChunk key={index} text={chunk} />
        ))}
      </div>
    </details>
  )
}

/** One block per chunk, rendered again only when its own text changes. */
const ThinkingChunk = memo(function ThinkingChunk({ text }: { text: string }) {
  return <div>{text}</div>
})
