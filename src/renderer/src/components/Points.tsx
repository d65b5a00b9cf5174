import { useState } from 'react'
import { formatPoints } from '@shared/catalog/format-points'
import './components.css'

/**
 * A points figure as people read it (`formatPoints`: three significant digits), the exact decimal
 * string one hover away (its title) and one click or key press away (it toggles to the exact figure,
 * for touch screens and keyboards).
 */
export function Points({ exact, unit }: { exact: string; unit?: string }): React.JSX.Element {
  const [showExact, setShowExact] = useState(false)
  const suffix = unit === undefined ? '' : ` ${unit}`
  return (
    <button
      type="button"
      className="points"
      title={`${exact}${suffix} (exact). Click to show ${showExact ? 'it rounded' : 'it here'}.`}
      aria-pressed={showExact}
      aria-label={`${showExact ? exact : formatPoints(exact)}${suffix}, exact ${exact}`}
      onClick={() => setShowExact((shown) => !shown)}
    >
      {showExact ? exact : formatPoints(exact)}
      {suffix}
    </button>
  )
}
