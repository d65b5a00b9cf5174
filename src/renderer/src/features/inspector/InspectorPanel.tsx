import { useShallow } from 'zustand/react/shallow'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { dialectLabel } from '@renderer/features/chat/format-reply'
import { selectInspectedReply, type InspectedReply } from './inspector-selectors'
import { AdjustmentsSection, AssembledResult } from './ReplySections'
import { TokenTimelineSection } from './TokenTimelineSection'
import { RawEventsSection, RequestSection, ResponseSection } from './WireSections'
import './inspector.css'

/**
 * What happened on the wire for one reply: the request as sent (credentials redacted by main), what
 * the dialect changed, the response head, every raw SSE event with its arrival time, and the result
 * assembled from them.
 */
export function InspectorPanel(): React.JSX.Element {
  // A fresh object per call, of stable parts: compared shallowly so it renders only when they change.
  const inspected = useAppStore(useShallow(selectInspectedReply))
  if (!inspected) {
    return (
      <div className="inspector">
        <p className="inspector-empty">
          Send a message: the inspector shows the request, the raw stream and the assembled reply. Use
          “Inspect” on a reply to pin it here.
        </p>
      </div>
    )
  }
  return <InspectorContent inspected={inspected} />
}

function InspectorContent({ inspected }: { inspected: InspectedReply }): React.JSX.Element {
  const { message, run } = inspected
  const reply = message.reply
  const dialect = run?.dialect ?? reply?.dialect
  const model = run?.model ?? reply?.model
  const state = run?.state ?? reply?.state ?? 'not sent'
  const adjustments = run?.adjustments ?? reply?.adjustments ?? []
  return (
    <div className="inspector">
      <div className="inspector-head">
        <div className="inspector-title">
          <strong>
            Pane {inspected.paneIndex + 1} · {inspected.latest ? 'latest reply' : 'pinned reply'}
          </strong>
          <span className="inspector-sub">
            {dialect ? dialectLabel(dialect) : ''} · {model} · {state}
          </span>
        </div>
        {!inspected.latest && (
          <Button size="sm" variant="ghost" onClick={() => useAppStore.getState().inspectMessage(null)}>
            Follow latest
          </Button>
        )}
      </div>

      {!run && (
        <p className="inspector-note">
          The request and the raw stream are kept for replies made since the app started; this one shows what
          history keeps.
        </p>
      )}
      {run && <RequestSection run={run} />}
      <AdjustmentsSection adjustments={adjustments} />
      {run && <ResponseSection run={run} />}
      {run && <TokenTimelineSection run={run} />}
      {run && <RawEventsSection run={run} />}
      <AssembledResult inspected={inspected} state={state} />
    </div>
  )
}
