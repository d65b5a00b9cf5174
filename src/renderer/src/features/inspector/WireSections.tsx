import { Disclosure } from '@renderer/components/Disclosure'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { formatBytes } from '@renderer/features/curl/command-size'
import { prettyBody } from './inspector-selectors'
import { RawEventTimeline } from './RawEventTimeline'
import { SentRequestCode } from './SentRequestCode'

/** The request as main sent it (credentials redacted), and copies of it as code. */
export function RequestSection({ run }: { run: LiveRun }): React.JSX.Element | null {
  const request = run.request
  if (!request) return null
  return (
    <Disclosure summary="Request" defaultOpen>
      <div className="inspector-line">
        <span className="inspector-method">{request.method}</span>{' '}
        <code className="inspector-url">{request.url}</code>
      </div>
      <HeaderTable headers={request.headers} label="Request headers" />
      {request.bodyChars !== undefined && (
        <p className="inspector-note">
          The first {formatBytes(request.body?.length ?? 0)} of a {formatBytes(request.bodyChars)} body. The
          copies below hold the whole request.
        </p>
      )}
      <pre className="inspector-pre" aria-label="Request body">
        {prettyBody(request.body)}
      </pre>
      <SentRequestCode run={run} />
    </Disclosure>
  )
}

/** The response's status, request id and headers. */
export function ResponseSection({ run }: { run: LiveRun }): React.JSX.Element | null {
  const response = run.response
  if (!response) return null
  return (
    <Disclosure summary={`Response ${response.status}`} defaultOpen>
      {response.requestId && (
        <div className="inspector-line">
          Request id <code>{response.requestId}</code>
        </div>
      )}
      <HeaderTable headers={response.headers} label="Response headers" />
    </Disclosure>
  )
}

/** Every raw SSE event with its arrival time (up to the cap main keeps). */
export function RawEventsSection({ run }: { run: LiveRun }): React.JSX.Element {
  return (
    <Disclosure
      summary={`Raw events (${run.rawEvents.length}${run.rawEventsTruncated ? '+' : ''})`}
      defaultOpen
    >
      {run.rawEventsTruncated && (
        <p className="inspector-note">Later events were not kept (the reply itself is complete).</p>
      )}
      <RawEventTimeline events={run.rawEvents} />
    </Disclosure>
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
