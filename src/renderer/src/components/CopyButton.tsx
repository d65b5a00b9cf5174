import { useState } from 'react'
import { Button } from './Button'

/**
 * Copies text to the clipboard and says so for a moment. The text is only ever what the page already
 * shows (never a key: copying with the key is main's action).
 */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  size = 'sm',
  ariaLabel,
}: {
  text: string
  label?: string
  copiedLabel?: string
  size?: 'sm' | 'md'
  ariaLabel?: string
}): React.JSX.Element {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text)
      setState('copied')
    } catch {
      setState('failed')
    }
    setTimeout(() => setState('idle'), 1500)
  }
  return (
    <Button size={size} variant="ghost" onClick={() => void copy()} aria-label={ariaLabel ?? label}>
      {state === 'copied' ? copiedLabel : state === 'failed' ? 'Copy failed' : label}
    </Button>
  )
}
