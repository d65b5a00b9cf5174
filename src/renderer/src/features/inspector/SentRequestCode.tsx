import { useMemo } from 'react'
import { CODE_LANGUAGE_LABELS, SDK_GENERATORS, type SdkLanguage } from '@shared/code'
import { CopyButton } from '@renderer/components/CopyButton'
import type { LiveRun } from '@renderer/features/chat/runs/live-run'
import { sentRequestCode } from './sent-request-code'
import { SENT_CURL_HINT, sentRequestCurl } from './sent-request-curl'

const SDK_LANGUAGES: readonly SdkLanguage[] = ['python', 'typescript']

/**
 * "Copy as curl / Python / TypeScript" of the request that was sent (the Code tab shows the next
 * one); the SDK follows the dialect the reply was made in.
 */
export function SentRequestCode({ run }: { run: LiveRun }): React.JSX.Element {
  const curl = useMemo(() => sentRequestCurl(run.sent, run.dialect), [run.sent, run.dialect])
  const sdk = useMemo(
    () =>
      SDK_LANGUAGES.map((language) => ({ language, code: sentRequestCode(run.sent, run.dialect, language) })),
    [run.sent, run.dialect],
  )
  const problems = [
    ...(curl.ok ? [] : [curl.message]),
    ...sdk.flatMap(({ code }) => (code.ok ? [] : [code.message])),
  ]
  return (
    <>
      <div className="inspector-actions">
        {curl.ok && <CopyButton text={curl.command} label="Copy as curl" />}
        {sdk.map(({ language, code }) =>
          code.ok ? (
            <CopyButton
              key={language}
              text={code.code}
              label={`Copy as ${CODE_LANGUAGE_LABELS[language]}`}
              ariaLabel={`Copy as ${CODE_LANGUAGE_LABELS[language]} (${SDK_GENERATORS[language][run.dialect].packageName})`}
            />
          ) : null,
        )}
        <span className="inspector-muted">{SENT_CURL_HINT}</span>
      </div>
      {problems.map((problem) => (
        <p key={problem} className="inspector-note" role="note">
          {problem}
        </p>
      ))}
    </>
  )
}
