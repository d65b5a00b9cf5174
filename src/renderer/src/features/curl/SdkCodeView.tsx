import { useMemo } from 'react'
import { CODE_LANGUAGE_LABELS, type SdkLanguage } from '@shared/code'
import { dialects } from '@shared/dialects'
import { CopyButton } from '@renderer/components/CopyButton'
import type { NextRequest } from './next-request'
import { sdkCodeFor } from './sdk-code-for'

/** The next request as Python or TypeScript code with the SDK of the pane's dialect. */
export function SdkCodeView({
  next,
  language,
  keyHint,
}: {
  next: Extract<NextRequest, { ok: true }>
  language: SdkLanguage
  keyHint: React.ReactNode
}): React.JSX.Element {
  const sdk = useMemo(() => sdkCodeFor(language, next.pane.dialect, next.http), [language, next])
  const label = `${CODE_LANGUAGE_LABELS[language]} code`
  return (
    <>
      <div className="curl-summary">
        <span className="curl-dialect">{dialects[next.pane.dialect].label}</span>
        <code className="curl-url" title={next.http.url}>
          {next.http.method} {next.http.url}
        </code>
      </div>
      {!sdk.ok ? (
        <p className="curl-error" role="alert">
          {sdk.message}
        </p>
      ) : (
        <>
          <div className="curl-actions">
            <CopyButton text={sdk.code} label="Copy" size="md" ariaLabel={`Copy ${label}`} />
            <span className="curl-muted">
              Needs <code>{sdk.install}</code>. It prints the reply’s text, then each tool call.
            </span>
          </div>
          <pre className="curl-command sdk-code" aria-label={label} tabIndex={0}>
            {sdk.code}
          </pre>
        </>
      )}
      {keyHint}
    </>
  )
}
