import type { ToolCallPart } from '@shared/chat/chat-request'
import type { StoredMessage } from '@shared/history/conversation'
import { useAppStore } from '@renderer/store'
import { MarkdownView } from '@renderer/features/markdown/MarkdownView'
import { runIsLive, selectRunForMessage } from '@renderer/features/chat/chat-selectors'
import { ThinkingBlock } from './ThinkingBlock'
import { ToolCallView } from './ToolCallView'
import { ToolResultsForm } from './ToolResultsForm'

type AssistantMessage = StoredMessage & { role: 'assistant' }

/**
 * The reply's thinking as one text: its thinking blocks in order, a redacted one as such. Thinking
 * lives in the content; replies saved before it did keep it in their record.
 */
function thinkingText(message: AssistantMessage): string {
  const blocks = message.content.flatMap((part) =>
    part.type === 'reasoning'
      ? part.text === ''
        ? [] // display "omitted": only the signature came
        : [part.text]
      : part.type === 'redacted-reasoning'
        ? ['[Redacted thinking: the provider returned it encrypted; it is sent back as it came.]']
        : [],
  )
  return blocks.length > 0 ? blocks.join('\n\n') : (message.reply?.reasoning ?? '')
}

/** A reply: its thinking, then text and tool calls in the order the model produced them. */
export function AssistantBody({
  paneId,
  message,
  isLast,
}: {
  paneId: string
  message: AssistantMessage
  isLast: boolean
}): React.JSX.Element {
  const live = useAppStore((state) => runIsLive(selectRunForMessage(state, paneId, message.id)))
  const liveMetrics = useAppStore((state) => selectRunForMessage(state, paneId, message.id)?.metrics)
  const metrics = liveMetrics ?? message.reply?.metrics
  const reasoning = thinkingText(message)
  const last = message.content[message.content.length - 1]
  const calls = message.content.filter((part): part is ToolCallPart => part.type === 'tool-call')
  // Results can be typed for the calls of the latest reply once it ended.
  const awaitingResults = isLast && !live && calls.length > 0
  return (
    <div className="msg-body">
      {reasoning !== '' && (
        <ThinkingBlock
          text={reasoning}
          facts={{
            // Still thinking: the reply streams and its latest part is thinking.
            thinking: live && (last?.type === 'reasoning' || last?.type === 'redacted-reasoning'),
            ...(metrics?.reasoningMs === undefined ? {} : { ms: metrics.reasoningMs }),
            ...(metrics?.reasoningTokens === undefined ? {} : { tokens: metrics.reasoningTokens }),
            ...(metrics?.reasoningTokensEstimated ? { estimated: true } : {}),
          }}
        />
      )}
      {message.content.map((part, index) =>
        part.type === 'text' ? (
          <MarkdownView key={index} text={part.text} streaming={live} />
        ) : part.type !== 'tool-call' || awaitingResults ? null : (
          <ToolCallView key={index} call={part} />
        ),
      )}
      {awaitingResults && <ToolResultsForm paneId={paneId} afterId={message.id} calls={calls} />}
    </div>
  )
}
