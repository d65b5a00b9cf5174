import { useId, useMemo, useState } from 'react'
import { Button } from '@renderer/components/Button'
import { CopyButton } from '@renderer/components/CopyButton'
import { TabPanel, Tabs } from '@renderer/components/Tabs'
import type { CodeLanguage } from '@shared/code'
import { KEY_ENV_VAR } from '@shared/curl'
import { dialects } from '@shared/dialects'
import { invoke } from '@renderer/lib/invoke'
import { findPane, focusedPaneOf } from '@shared/history/find-pane'
import { useAppStore } from '@renderer/store'
import { LocalKeyActions } from '@renderer/features/settings/LocalKeyActions'
import {
  selectActiveKeyStatus,
  selectActiveProfile,
  selectIsLocalProfile,
} from '@renderer/features/settings/profiles-selectors'
import { CodeLanguageTabs } from './CodeLanguageTabs'
import { bodyTooLongForOneArgument, formatBytes, MAX_SINGLE_ARGUMENT_BYTES } from './command-size'
import {
  buildNextRequest,
  curlCommandFor,
  curlHereDocumentCommandFor,
  type NextRequest,
} from './next-request'
import { SdkCodeView } from './SdkCodeView'
import { useNextRequestInputs } from './use-next-requests'
import './curl.css'

/**
 * The "Code" tab: the exact request the next send of a pane would make, as a curl command or as
 * Python / TypeScript code with the SDK of the pane's dialect (the key as `$MODEL_GATEWAY_API_KEY`),
 * updated as the conversation, draft, parameters or profile change.
 */
export function CurlPanel(): React.JSX.Element {
  const inputs = useNextRequestInputs()
  const focusedPaneId = useAppStore((state) => state.focusedPaneId)
  const [chosenPaneId, setChosenPaneId] = useState<string | null>(null)
  const [language, setLanguage] = useState<CodeLanguage>('curl')
  const tabsId = useId()
  const { panes } = inputs.conversation
  const pane =
    findPane(inputs.conversation, chosenPaneId) ?? focusedPaneOf(inputs.conversation, focusedPaneId)

  const { baseUrl } = inputs
  // Memoized on the settled inputs: a big conversation is serialized once per pause in typing.
  const next = useMemo(
    () => (pane && baseUrl !== undefined ? buildNextRequest({ ...inputs, baseUrl }, pane) : undefined),
    [inputs, baseUrl, pane],
  )
  const curl = useMemo(
    () => (next?.ok && language === 'curl' ? curlCommandFor(next.http) : undefined),
    [next, language],
  )

  const code =
    next?.ok && language !== 'curl' ? (
      <SdkCodeView next={next} language={language} keyHint={<KeyHint reader="code" />} />
    ) : next === undefined ? (
      <p className="curl-muted">Loading the profile…</p>
    ) : !next.ok ? (
      <p className="curl-error" role="alert">
        {next.message}
      </p>
    ) : curl === undefined || !curl.ok ? (
      <p className="curl-error" role="alert">
        {curl?.message}
      </p>
    ) : (
      <CurlCommandView
        next={next}
        command={curl.command}
        commandBytes={curl.commandBytes}
        bodyBytes={curl.bodyBytes}
      />
    )

  const body = (
    <>
      {pane && <CodeLanguageTabs dialect={pane.dialect} selected={language} onSelect={setLanguage} />}
      {next?.ok && next.request.messages.at(-1)?.role === 'assistant' && <EndsWithReplyNote />}
      {code}
    </>
  )
  if (panes.length < 2 || !pane) return <div className="curl-panel">{body}</div>
  return (
    <div className="curl-panel">
      <Tabs
        label="Request of pane"
        size="sm"
        idPrefix={tabsId}
        items={panes.map((p, index) => ({
          id: p.id,
          // Short enough for two tabs side by side: "OpenAI (chat completions)" → "OpenAI".
          label: `Pane ${index + 1} · ${dialects[p.dialect].label.replace(/\s*\(.*\)$/, '')}`,
        }))}
        selected={pane.id}
        onSelect={setChosenPaneId}
      />
      <TabPanel idPrefix={tabsId} id={pane.id} className="curl-pane-panel">
        {body}
      </TabPanel>
    </div>
  )
}

function CurlCommandView({
  next,
  command,
  commandBytes,
  bodyBytes,
}: {
  next: Extract<NextRequest, { ok: true }>
  command: string
  commandBytes: number
  bodyBytes: number
}): React.JSX.Element {
  const dialect = dialects[next.pane.dialect]
  return (
    <>
      <p className="curl-which">
        The <strong>next</strong> request: what Send makes from the conversation as it is now, with the draft.
        The request a reply was made with: Inspector → Copy as curl, Python or TypeScript.
      </p>
      <div className="curl-summary">
        <span className="curl-dialect">{dialect.label}</span>
        <code className="curl-url" title={next.http.url}>
          {next.http.method} {next.http.url}
        </code>
      </div>
      {next.pane.model === '' && (
        <p className="curl-warning" role="note">
          No model picked for this pane yet: the server will refuse an empty model.
        </p>
      )}
      <div className="curl-actions">
        <CopyButton text={command} label="Copy" size="md" />
        <CopyWithKeyButton next={next} />
      </div>
      <pre className="curl-command" aria-label="curl command" tabIndex={0}>
        {command}
      </pre>
      <p className="curl-size">
        {formatBytes(commandBytes)} command · {formatBytes(bodyBytes)} body
      </p>
      {bodyTooLongForOneArgument(bodyBytes) && <HereDocumentOffer next={next} bodyBytes={bodyBytes} />}
      <KeyHint reader="command" />
    </>
  )
}

/**
 * Over 128 KiB the body cannot be one argument: offer the same request with the body in a
 * here-document on curl's stdin, which any POSIX shell passes without a size limit. Built only when
 * asked (it is as large as the body).
 */
function HereDocumentOffer({
  next,
  bodyBytes,
}: {
  next: Extract<NextRequest, { ok: true }>
  bodyBytes: number
}): React.JSX.Element {
  const hereDocument = useMemo(() => curlHereDocumentCommandFor(next.http), [next.http])
  return (
    <div className="curl-warning" role="note">
      <p>
        The body is {formatBytes(bodyBytes)}: more than a shell can pass to curl as one argument on Linux (
        {formatBytes(MAX_SINGLE_ARGUMENT_BYTES + 1)}, MAX_ARG_STRLEN), so this command would fail with
        “Argument list too long”. The body-from-stdin form sends the same request with the body in a
        here-document (<code>--data @- &lt;&lt;&apos;MODEL_GATEWAY_BODY&apos;</code>): paste it, or save it as{' '}
        <code>request.sh</code> and run <code>sh request.sh</code>.
      </p>
      {hereDocument !== undefined && (
        <CopyButton text={hereDocument} label="Copy body-from-stdin form" size="md" />
      )}
    </div>
  )
}

/** "Copy with key": main writes the command with the real key to the clipboard (the page never sees it). */
function CopyWithKeyButton({ next }: { next: Extract<NextRequest, { ok: true }> }): React.JSX.Element {
  const canCopyWithKey = useAppStore((state) => state.appInfo?.canCopyWithKey ?? false)
  const shellKnown = useAppStore((state) => state.appInfo !== null)
  const profileId = useAppStore((state) => state.activeProfileId)
  const notify = useAppStore((state) => state.notify)
  const [busy, setBusy] = useState(false)
  const whyId = useId()
  const copy = async (): Promise<void> => {
    setBusy(true)
    try {
      const result = await invoke('curl:copy-with-key', {
        profileId,
        dialect: next.pane.dialect,
        request: next.request,
        ...(next.simulate === '' ? {} : { simulate: next.simulate }),
      })
      notify(result.copied ? 'success' : 'warning', result.message)
    } catch (error) {
      notify('error', `Copy with key failed: ${(error as Error).message}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Button
        size="md"
        variant="ghost"
        disabled={!canCopyWithKey || busy || next.pane.model === ''}
        aria-describedby={canCopyWithKey ? undefined : whyId}
        onClick={() => void copy()}
      >
        Copy with key
      </Button>
      {!canCopyWithKey && shellKnown && (
        <span id={whyId} className="curl-muted curl-why">
          Copy with key works in the desktop app only: in browser mode the key never reaches the page.
        </span>
      )}
    </>
  )
}

/** Where `$MODEL_GATEWAY_API_KEY` comes from: the active profile's key, which is never shown here. */
function KeyHint({ reader }: { reader: 'command' | 'code' }): React.JSX.Element {
  const profile = useAppStore(selectActiveProfile)
  const keyStatus = useAppStore(selectActiveKeyStatus)
  const local = useAppStore(selectIsLocalProfile)
  const whose = local
    ? 'the local gateway’s key (generated by the app; Copy key export gives you that line)'
    : `the key of the profile “${profile?.name ?? '…'}”${keyStatus?.last4 ? ` (ending ${keyStatus.last4})` : ''}`
  return (
    <div className="curl-key-hint">
      <p>
        Run <code>export {KEY_ENV_VAR}=…</code> first: the {reader} reads {whose} from that variable, so the
        key itself never appears here.
      </p>
      {local && <LocalKeyActions />}
    </div>
  )
}

/**
 * With an empty message box the next request ends with the last reply: not what Send makes (it needs
 * a message), and Messages reads a final assistant turn as a start to continue. Said, not hidden.
 */
function EndsWithReplyNote(): React.JSX.Element {
  return (
    <p className="curl-warning" role="note">
      The message box is empty, so this request ends with the last reply (an assistant turn). Type a message
      to see the request Send makes; sent as it is, Messages would continue that reply and Chat Completions
      would answer after it.
    </p>
  )
}
