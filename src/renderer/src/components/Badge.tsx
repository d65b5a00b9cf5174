import './components.css'

export type BadgeTone = 'neutral' | 'accent' | 'free' | 'limited' | 'success' | 'warning' | 'danger'

export function Badge({
  tone = 'neutral',
  children,
  title,
}: {
  tone?: BadgeTone
  children: React.ReactNode
  title?: string
}): React.JSX.Element {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  )
}
