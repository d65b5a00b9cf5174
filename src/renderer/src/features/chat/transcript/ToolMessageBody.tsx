import { Badge } from '@renderer/components/Badge'

export function ToolMessageBody({
  content,
  isError,
}: {
  content: string
  isError: boolean
}): React.JSX.Element {
  return (
    <div className="msg-body">
      {isError && <Badge tone="danger">is error</Badge>}
      <pre className="msg-code">{content === '' ? '(empty)' : content}</pre>
    </div>
  )
}
