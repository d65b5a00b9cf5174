import type { ComponentProps } from 'react'
import './components.css'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

export function Button({
  variant = 'secondary',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: ComponentProps<'button'> & {
  variant?: ButtonVariant
  size?: 'sm' | 'md'
}): React.JSX.Element {
  return <button type={type} className={`btn btn-${variant} btn-${size} ${className ?? ''}`} {...rest} />
}
