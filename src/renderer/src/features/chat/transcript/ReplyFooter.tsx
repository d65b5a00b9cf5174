import { Button } from '@renderer/components/Button'
import { Points } from '@renderer/components/Points'
import { selectLabelsHidden } from '@renderer/features/compare/blind-votes'
import { useAppStore } from '@renderer/store'
import { selectMessage, selectPaneBusy, selectRunForMessage } from '@renderer/features/chat/chat-selectors'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { replyView, SEQ_GAP_TEXT, type ReplyView } from './reply-view'
import { ReplySparkline } from './ReplySparkline'

/**
 * Under each reply: dialect, finish reason (unified · raw), TTFT, tokens/s, total time, tokens and
 * points (exact on hover); how it ended when not normally, errors in full with a Retry.
 */
export function ReplyFooter({
  paneId,
  messageId,
}: {
  paneId: string
  messageId: string
}): React.JSX.Element | null {
  const message = useAppStore((state) => selectMessage(state, paneId, messageId))
  const run = useAppStore((state) => selectRunForMessage(state, paneId, messageId))
  const busy = useAppStore((state) => selectPaneBusy(state, paneId))
  const blind = useAppStore(selectLabelsHidden)
  if (!message || message.role !== 'assistant') return null
  const view = replyView(message.reply, run, message.content.length > 0)
  if (!view) return null
  return (
    <div data-testid="reply-footer" className={`reply-footer reply-${view.phase}`}>
      <ReplyFigures view={view} blind={blind} run={run} />
      {view.retry && (
        <div className="reply-line reply-line-info" role="status">
          {view.retry}
        </div>
      )}
      {view.notice && (
        <div className={`reply-line reply-line-${view.notice.tone}`}>
          {view.notice.text}
          {view.notice.detail && <span className="reply-line-detail"> ({view.notice.detail})</span>}
        </div>
      )}
      {view.error && (
        <div className="reply-error">
          <div className="reply-error-head">{view.error.headline}</div>
          <div className="reply-error-message">{view.error.message}</div>
          {view.error.requestId && (
            <div className="reply-error-id">
              Request id <code>{view.error.requestId}</code>
            </div>
          )}
        </div>
      )}
      {view.seqGap && <div className="reply-line reply-line-warning">{SEQ_GAP_TEXT}</div>}
      {view.canRetry && (
        <div className="reply-actions">
          <Button
            size="sm"
            disabled={busy}
            onClick={() => void useAppStore.getState().regenerate(paneId, messageId)}
          >
            Retry
          </Button>
        </div>
      )}
    </div>
  )
}

function ReplyFigures({
  view,
  blind,
  run,
}: {
  view: ReplyView
  blind: boolean
  run: LiveRun | undefined
}): React.JSX.Element {
  const live = view.phase === 'waiting' || view.phase === 'streaming'
  return (
    <div className="reply-figures-clip">
      <div className="reply-figures">
        {live && (
          <span className="reply-figure reply-live" role="status">
            <span className="reply-live-dot" aria-hidden="true" />
            {view.phase === 'waiting' ? 'Waiting for the first token…' : 'Streaming…'}
          </span>
        )}
        {/* Blind mode: the dialect, the wire's finish word, token counts and points (a model's price)
            would say which pane is which; they show after the vote. */}
        {!blind && <Figure title="Dialect">{view.dialect}</Figure>}
        {!blind && view.finish && (
          <Figure title="Finish reason: unified · as the wire said it">{view.finish}</Figure>
        )}
        {view.ttft && <Figure title="Time to first token">TTFT {view.ttft}</Figure>}
        {view.rate && (
          <Figure title="Output tokens per second, as they arrived from the network">{view.rate}</Figure>
        )}
        {view.total && <Figure title="Total time">total {view.total}</Figure>}
        {run && !live && <ReplySparkline run={run} />}
        {!blind && view.usage && (
          <Figure title="Tokens: input (the whole prompt; when the prompt cache was used, split into uncached, written to the cache and read from it) · output (of which reasoning)">
            {view.usage}
          </Figure>
        )}
        {!blind && view.points && (
          <span className="reply-figure">
            <Points exact={view.points} unit="pts" />
          </span>
        )}
      </div>
    </div>
  )
}

function Figure({ title, children }: { title: string; children: React.ReactNode }): React.JSX.Element {
  return (
    <span className="reply-figure" title={title}>
      {children}
    </span>
  )
}
