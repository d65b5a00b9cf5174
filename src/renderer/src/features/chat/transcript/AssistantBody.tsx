import type { ToolCallPart } from '@shared/chat/chat-request'
import type { StoredMessage } from '@shared/history/conversation'
import { useAppStore } from '@renderer/store'
import { MarkdownView } from '@renderer/features/markdown/MarkdownView'
import { runIsLive, selectRunForMessage } from '@renderer/features/chat/chat-selectors'
import { ToolCallView } from './ToolCallView'
import { ToolResultsForm } from './ToolResultsForm'

/**
 * A reply: its thinking (folded), then text and tool calls in the order the model produced them.
 * Thinking lives in the content (replies saved before it did keep it in their record).
 */
export function AssistantBody({
  paneId,
  message,
  isLast,
}: {
  paneId: string
  message: StoredMessage & { role: 'assistant' }
  isLast: boolean
}): React.JSX.Element {
  const live = useAppStore((state) => runIsLive(selectRunForMessage(state, paneId, message.id)))
  const thinking = message.content.flatMap((part) =>
    part.type === 'reasoning'
      ? [part.text]
      : part.type === 'redacted-reasoning'
        ? ['[redacted thinking]']
        : [],
  )
  const reasoning = thinking.length > 0 ? thinking.join('\n\n') : message.reply?.reasoning
  const calls = message.content.filter((part): part is ToolCallPart => part.type === 'tool-call')
  // Results can be typed for the calls of the latest reply once it ended.
  const awaitingResults = isLast && !live && calls.length > 0
  return (
    <div className="msg-body">
      {reasoning !== undefined && reasoning !== '' && (
        <details className="msg-reasoning">
          <summary>Reasoning</summary>
          <div className="msg-plain">{reasoning}</div>
        </details>
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
