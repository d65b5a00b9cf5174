import { useAppStore } from '@renderer/store'
import { PaneTargetSelects } from './PaneTargetSelects'
import { Transcript } from './transcript/Transcript'

/** One column: its target (dialect + model) and its own transcript. Clicking in it focuses it. */
export function PaneView({ paneId, index }: { paneId: string; index: number }): React.JSX.Element {
  const focused = useAppStore((state) => state.focusedPaneId === paneId)
  const compare = useAppStore((state) => state.conversation.panes.length > 1)
  return (
    <section
      aria-label={`Pane ${index + 1}`}
      className={`pane ${compare && focused ? 'pane-focused' : ''}`}
      onPointerDownCapture={() => {
        if (!focused) useAppStore.getState().focusPane(paneId)
      }}
      onFocusCapture={() => {
        if (!focused) useAppStore.getState().focusPane(paneId)
      }}
    >
      <header className="pane-head">
        {compare && <span className="pane-number">{index + 1}</span>}
        <PaneTargetSelects paneId={paneId} />
      </header>
      <Transcript paneId={paneId} />
    </section>
  )
}
