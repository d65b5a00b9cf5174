import { useShallow } from 'zustand/react/shallow'
import { useAppStore } from '@renderer/store'
import { Notices } from '@renderer/features/app/Notices'
import { BlindVote } from '@renderer/features/compare/BlindVote'
import { CompareControl } from '@renderer/features/compare/CompareControl'
import { CompareSummary } from '@renderer/features/compare/CompareSummary'
import { CompareTimeline } from '@renderer/features/compare/CompareTimeline'
import { Composer } from './composer/Composer'
import { TemplateVariables } from './composer/TemplateVariables'
import { PaneView } from './PaneView'
import { SystemPrompt } from './SystemPrompt'
import './chat.css'

/**
 * The conversation: compare mode and system prompt on top, one to four panes side by side, the blind
 * vote, the differences between them when all answered the same turn, their latest replies' token
 * timelines, and the composer.
 */
export function ChatArea(): React.JSX.Element {
  const paneIds = useAppStore(useShallow((state) => state.conversation.panes.map((pane) => pane.id)))
  return (
    <div className="chat">
      <div className="chat-top">
        <CompareControl />
        <SystemPrompt />
      </div>
      <div className={`chat-panes chat-panes-${paneIds.length}`}>
        {paneIds.map((paneId, index) => (
          <PaneView key={paneId} paneId={paneId} index={index} />
        ))}
      </div>
      <BlindVote />
      <CompareSummary />
      <CompareTimeline />
      {/* Toasts sit on this zero-height line and stack upward: never over the composer's controls. */}
      <div className="notices-anchor">
        <Notices />
      </div>
      <TemplateVariables />
      <Composer />
    </div>
  )
}
