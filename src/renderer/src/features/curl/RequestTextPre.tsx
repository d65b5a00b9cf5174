import { SHOWN_REQUEST_CHARS } from '@shared/http/shown-request-chars'
import { formatBytes } from './command-size'

/**
 * A request's text (a command, SDK code) in a <pre>: whole when it is short, else its first
 * SHOWN_REQUEST_CHARS characters and a note that Copy has all of it.
 */
export function RequestTextPre({
  text,
  label,
  className,
}: {
  text: string
  label: string
  className: string
}): React.JSX.Element {
  const cut = text.length > SHOWN_REQUEST_CHARS
  return (
    <>
      {cut && (
        <p className="curl-muted" role="note">
          Showing the first {formatBytes(SHOWN_REQUEST_CHARS)} of {formatBytes(text.length)}: Copy copies all
          of it.
        </p>
      )}
      <pre className={className} aria-label={label} tabIndex={0}>
        {cut ? text.slice(0, SHOWN_REQUEST_CHARS) : text}
      </pre>
    </>
  )
}
