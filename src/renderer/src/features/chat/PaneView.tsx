import { ConfirmButton } from '@renderer/components/ConfirmButton'
import { useAppStore } from '@renderer/store'
import { selectLabelsHidden } from '@renderer/features/compare/blind-votes'
import { selectPaneBusy } from './chat-selectors'
import { PaneTargetSelects } from './PaneTargetSelects'
import { Transcript } from './transcript/Transcript'

/**
 * One column: its target (dialect + model) and its own transcript. Clicking in it focuses it. With
 * three or four panes, each can be removed (with its replies, after asking).
 */
export function PaneView({ paneId, index }: { paneId: string; index: number }): React.JSX.Element {
  const focused = useAppStore((state) => state.focusedPaneId === paneId)
  const compare = useAppStore((state) => state.conversation.panes.length > 1)
  const removable = useAppStore((state) => state.conversation.panes.length > 2)
  const busy = useAppStore((state) => selectPaneBusy(state, paneId))
  const blind = useAppStore(selectLabelsHidden)
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
        {blind ? (
          <span className="pane-blind">Hidden until you vote</span>
        ) : (
          <PaneTargetSelects paneId={paneId} />
        )}
        {removable && !busy && (
          <ConfirmButton
            label="Remove pane"
            question={`Remove pane ${index + 1} and its replies?`}
            confirmLabel="Remove"
            onConfirm={() => useAppStore.getState().removePane(paneId)}
          />
        )}
      </header>
      <Transcript paneId={paneId} />
    </section>
  )
}
