import type { SettingKey } from '@shared/history/conversation'
import { useAppStore } from '@renderer/store'
import { isLinked, SETTING_LABELS } from '@shared/history/pane-settings'
import './compare.css'

/**
 * In compare mode, above a setting: whether one value serves every pane (linked, the default: one
 * edit changes both) or each pane has its own; pressing it switches. Nothing shows with one pane.
 */
export function LinkToggle({ setting }: { setting: SettingKey }): React.JSX.Element | null {
  const label = SETTING_LABELS[setting]
  const compare = useAppStore((state) => state.conversation.panes.length > 1)
  const linked = useAppStore((state) => isLinked(state.conversation, setting))
  const paneNumber = useAppStore((state) => {
    const index = state.conversation.panes.findIndex((pane) => pane.id === state.focusedPaneId)
    return index === -1 ? 1 : index + 1
  })
  if (!compare) return null
  return (
    <div className="link-toggle-row">
      <button
        type="button"
        className={`link-toggle ${linked ? 'link-toggle-on' : 'link-toggle-off'}`}
        aria-pressed={linked}
        aria-label={`Link ${label} across panes`}
        title={
          linked
            ? `One ${label} for both panes. Press to give each pane its own.`
            : `Each pane has its own ${label}; editing here changes Pane ${paneNumber}'s. Press to use Pane ${paneNumber}'s for both.`
        }
        onClick={() => useAppStore.getState().setLinked(setting, !linked)}
      >
        {linked
          ? 'Both panes'
          : setting === 'system'
            ? 'One per pane · link'
            : `Pane ${paneNumber} only · link`}
      </button>
    </div>
  )
}
