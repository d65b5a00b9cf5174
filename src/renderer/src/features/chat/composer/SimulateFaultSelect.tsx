import { useId } from 'react'
import { useAppStore } from '@renderer/store'
import { selectIsLocalProfile } from '@renderer/features/settings/profiles-selectors'

/** The local gateway's fault injection (`x-simulate`), offered only where it exists. */
const SIMULATED_FAULTS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'No fault' },
  { value: 'status=429', label: '429 rate limit' },
  { value: 'status=529', label: '529 overloaded' },
  { value: 'midstream-error', label: 'Error mid-stream' },
  { value: 'drop-after=5', label: 'Drop after 5 tokens' },
  { value: 'ttft-ms=3000', label: 'Slow first token (3 s)' },
]

export function SimulateFaultSelect(): React.JSX.Element | null {
  const id = useId()
  const simulate = useAppStore((state) => state.simulate)
  const isLocal = useAppStore(selectIsLocalProfile)
  if (!isLocal) return null
  return (
    <span className={`simulate ${simulate ? 'simulate-active' : ''}`}>
      <label htmlFor={id} className="chat-label">
        Simulate fault
      </label>
      <select
        id={id}
        className="select simulate-select"
        value={simulate}
        title="Fault injection of the local gateway (x-simulate header) for the next sends"
        onChange={(event) => useAppStore.getState().setSimulate(event.target.value)}
      >
        {SIMULATED_FAULTS.map((fault) => (
          <option key={fault.value} value={fault.value}>
            {fault.label}
          </option>
        ))}
      </select>
    </span>
  )
}
