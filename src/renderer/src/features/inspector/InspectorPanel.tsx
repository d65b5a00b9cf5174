import { useMemo } from 'react'
import { useShallow } from 'zustand/react/shallow'
import { Button } from '@renderer/components/Button'
import { Disclosure } from '@renderer/components/Disclosure'
import { useAppStore } from '@renderer/store'
import { dialectLabel } from '@renderer/features/chat/format-reply'
import { formatBytes } from '@renderer/features/curl/command-size'
import { prettyBody, selectInspectedReply, type InspectedReply } from './inspector-selectors'
import { RawEventTimeline } from './RawEventTimeline'
import { SentRequestCode } from './SentRequestCode'
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
  const assembled = useMemo(
    () =>
      JSON.stringify(
        {
          content: message.content,
          finish: run?.finish ?? reply?.finish ?? null,
          usage: run?.usage ?? reply?.usage ?? null,
          ...(reply?.reasoning || run?.reasoning ? { reasoning: run?.reasoning ?? reply?.reasoning } : {}),
          state,
        },
        null,
        2,
      ),
    [message.content, run?.finish, run?.usage, run?.reasoning, reply, state],
  )
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

      {run?.request && (
        <Disclosure summary="Request" defaultOpen>
          <div className="inspector-line">
            <span className="inspector-method">{run.request.method}</span>{' '}
            <code className="inspector-url">{run.request.url}</code>
          </div>
          <HeaderTable headers={run.request.headers} label="Request headers" />
          {run.request.bodyChars !== undefined && (
            <p className="inspector-note">
              The first {formatBytes(run.request.body?.length ?? 0)} of a {formatBytes(run.request.bodyChars)}{' '}
              body. The copies below hold the whole request.
            </p>
          )}
          <pre className="inspector-pre" aria-label="Request body">
            {prettyBody(run.request.body)}
          </pre>
          <SentRequestCode run={run} />
        </Disclosure>
      )}

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

      {run?.response && (
        <Disclosure summary={`Response ${run.response.status}`} defaultOpen>
          {run.response.requestId && (
            <div className="inspector-line">
              Request id <code>{run.response.requestId}</code>
            </div>
          )}
          <HeaderTable headers={run.response.headers} label="Response headers" />
        </Disclosure>
      )}

      {run && (
        <Disclosure
          summary={`Raw events (${run.rawEvents.length}${run.rawEventsTruncated ? '+' : ''})`}
          defaultOpen
        >
          {run.rawEventsTruncated && (
            <p className="inspector-note">Later events were not kept (the reply itself is complete).</p>
          )}
          <RawEventTimeline events={run.rawEvents} />
        </Disclosure>
      )}

      <Disclosure summary="Assembled result" defaultOpen>
        <pre className="inspector-pre" aria-label="Assembled result">
          {assembled}
        </pre>
      </Disclosure>
    </div>
  )
}

function HeaderTable({
  headers,
  label,
}: {
  headers: Record<string, string>
  label: string
}): React.JSX.Element {
  const entries = Object.entries(headers)
  return (
    <table className="inspector-headers" aria-label={label}>
      <tbody>
        {entries.map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
