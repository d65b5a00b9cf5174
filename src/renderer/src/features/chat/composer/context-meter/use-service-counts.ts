import { useEffect, useState } from 'react'
import type { ChatRequest } from '@shared/chat/chat-request'
import { paneRequest } from '@shared/history/pane-request'
import { useAppStore } from '@renderer/store'
import { invoke } from '@renderer/lib/invoke'
import type { SettledInputs } from '@renderer/features/curl/use-next-requests'
import { selectActiveProfile } from '@renderer/features/settings/profiles-selectors'

/** After the local count, the service is asked once the inputs have rested a little longer. */
const SERVICE_COUNT_DELAY_MS = 600

const NONE: ReadonlyMap<string, number> = new Map()

/**
 * The counts of a remote profile's Messages panes as the service makes them (`count_tokens`, asked
 * by main with the profile's key), for the inputs they were asked for: a change drops them until the
 * new ones come, so a count shown is never one of an older draft. Nothing for the local profile: the
 * local gateway counts as the app does. A service without the endpoint answers `none`, and the local
 * count stands.
 */
export function useServiceCounts(inputs: SettledInputs): ReadonlyMap<string, number> {
  const profile = useAppStore(selectActiveProfile)
  const [counts, setCounts] = useState<{ for: unknown; counts: ReadonlyMap<string, number> }>()
  const remote = profile !== undefined && profile.kind === 'remote' ? profile.id : undefined
  useEffect(() => {
    if (remote === undefined) return
    const panes = inputs.conversation.panes.filter((pane) => pane.dialect === 'anthropic-messages')
    if (panes.length === 0) return
    let current = true
    const timer = setTimeout(() => {
      void Promise.all(
        panes.map(async (pane) => {
          let request: ChatRequest
          try {
            request = paneRequest(inputs.conversation, pane, inputs.composer)
          } catch {
            return undefined // a {{variable}} without a value: the send is refused anyway
          }
          const answer = await invoke('chat:count-tokens', {
            profileId: remote,
            dialect: pane.dialect,
            request,
          }).catch(() => undefined)
          return answer?.source === 'service' ? ([pane.id, answer.inputTokens] as const) : undefined
        }),
      ).then((answers) => {
        if (!current) return
        setCounts({ for: inputs, counts: new Map(answers.flatMap((a) => (a ? [a] : []))) })
      })
    }, SERVICE_COUNT_DELAY_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [remote, inputs])
  return counts !== undefined && counts.for === inputs && remote !== undefined ? counts.counts : NONE
}
