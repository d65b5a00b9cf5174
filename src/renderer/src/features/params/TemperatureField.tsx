import { SliderField } from '@renderer/components/SliderField'
import { useAppStore } from '@renderer/store'
import { isLinked } from '@shared/history/pane-settings'
import { TEMPERATURE_DEFAULT, temperatureRange } from './dialect-ranges'
import { selectFocusedPane, selectParam, usePaneTargets } from './params-selectors'
import { supportHint } from './support-hint'

/**
 * Temperature over the range of the panes' dialects: 0–2 when any pane speaks Chat Completions, 0–1
 * for Messages alone; with both, a note says which pane clamps and to what. Unlinked, the value is
 * the focused pane's alone, so the range and notes are that pane's.
 */
export function TemperatureField({ listed }: { listed: boolean }): React.JSX.Element {
  const temperature = useAppStore((state) => selectParam(state, 'temperature'))
  const setParams = useAppStore((state) => state.setParams)
  const allPanes = usePaneTargets()
  const linked = useAppStore((state) => isLinked(state.conversation, 'temperature'))
  const focusedIndex = useAppStore((state) => {
    const focused = selectFocusedPane(state)
    return focused ? state.conversation.panes.indexOf(focused) : 0
  })
  const panes = linked ? allPanes : allPanes.slice(focusedIndex, focusedIndex + 1)
  const { max, notes } = temperatureRange(panes, temperature)
  return (
    <SliderField
      label="Temperature"
      value={temperature}
      min={0}
      max={max}
      step={0.05}
      unsetAt={TEMPERATURE_DEFAULT}
      onChange={(value) => setParams({ temperature: value })}
      hint={supportHint(listed, `0–${max}. Empty: the server's default.`)}
      {...(notes.length > 0 ? { note: notes.join(' ') } : {})}
    />
  )
}
