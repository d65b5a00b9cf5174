import type { ToolCallPart } from '@shared/chat/chat-request'

/** Arguments as pretty JSON when they parse (models do send invalid JSON: then exactly as sent). */
function prettyArguments(raw: string): { text: string; valid: boolean } {
  if (raw.trim() === '') return { text: '{}', valid: true }
  try {
    return { text: JSON.stringify(JSON.parse(raw), null, 2), valid: true }
  } catch {
    return { text: raw, valid: false }
  }
}

export function ToolCallView({
  call,
  children,
}: {
  call: ToolCallPart
  children?: React.ReactNode
}): React.JSX.Element {
  const args = prettyArguments(call.arguments)
  return (
    <div className="tool-call" aria-label={`Tool call ${call.name}`} role="group">
      <div className="tool-call-head">
        <span className="tool-call-icon" aria-hidden="true">
          ƒ
        </span>
        <span className="tool-call-name">{call.name || '(unnamed tool)'}</span>
        <span className="tool-call-id">{call.id}</span>
        {!args.valid && <span className="tool-call-invalid">arguments are not valid JSON</span>}
      </div>
      <pre className="msg-code">{args.text}</pre>
      {children}
    </div>
  )
}
