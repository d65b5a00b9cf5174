import './components.css'

/**
 * Text that gets one line and an ellipsis when it does not fit, with the whole text as a tooltip, so
 * long model names, URLs and titles never push a layout wider than the window.
 */
export function Truncate({
  text,
  title,
  className,
  as: Tag = 'span',
}: {
  text: string
  /** Tooltip when it should differ from the text (an exact number behind a rounded one). */
  title?: string
  className?: string
  as?: 'span' | 'div' | 'h3' | 'strong'
}): React.JSX.Element {
  return (
    <Tag className={`truncate ${className ?? ''}`} title={title ?? text}>
      {text}
    </Tag>
  )
}
