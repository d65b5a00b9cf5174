import { useEffect, useMemo, useRef, useState } from 'react'
import { shallow } from 'zustand/shallow'
import { useAppStore, type AppState } from '@renderer/store'
import { selectActiveProfile, selectSimulateHeader } from '@renderer/features/settings/profiles-selectors'
import { selectConversationBusy } from '@renderer/features/chat/chat-selectors'
import { buildNextRequest, type NextRequest, type NextRequestInputs } from './next-request'
import { changedBeyondTranscripts } from './streaming-changes'

/** ~100 ms: below what reads as lag, above the gap between keystrokes of someone typing. */
export const NEXT_REQUEST_DEBOUNCE_MS = 100

export type SettledInputs = Omit<NextRequestInputs, 'baseUrl'> & {
  /** Undefined until the profiles are loaded. */
  baseUrl: string | undefined
}

export function selectNextRequestInputs(state: AppState): SettledInputs {
  return {
    conversation: state.conversation,
    composer: state.composer,
    baseUrl: selectActiveProfile(state)?.baseUrl,
    // The same selector the send reads: the preview carries the header exactly when the send does.
    simulate: selectSimulateHeader(state),
  }
}

/**
 * The inputs of the next send, once they have stopped changing for a moment. The store is watched
 * outside React, so a component using this re-renders only when the settled inputs change: not on
 * every key typed in the composer, nor on every frame of a streaming reply (which changes the
 * conversation 60 times a second), when rebuilding a long conversation's request would be waste.
 *
 * While a reply of the open conversation streams, nothing can be sent, and a pause between frames
 * is no sign of the inputs settling (on a slow machine frames come further apart than the pause, and
 * rebuilding a long conversation's requests would then run every frame: performance.md R1 at 4×): the transcripts and
 * the draft then settle once the replies end. A change of anything else (a parameter, the model,
 * the profile) still settles after the pause, with the transcript as it is then.
 */
export function useNextRequestInputs(): SettledInputs {
  const [settled, setSettled] = useState(() => selectNextRequestInputs(useAppStore.getState()))
  const settledRef = useRef(settled)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    /** The pending settle is for a change that shows while replies stream: a frame does not cancel it. */
    let timerShowsWhileBusy = false
    /** Changes wait for the replies to end. */
    let held = false
    let latest = settledRef.current
    const settleSoon = (showsWhileBusy: boolean): void => {
      clearTimeout(timer)
      timerShowsWhileBusy = showsWhileBusy
      timer = setTimeout(() => {
        timer = undefined
        settledRef.current = latest
        setSettled(latest)
      }, NEXT_REQUEST_DEBOUNCE_MS)
    }
    const watch = (state: AppState): void => {
      const busy = selectConversationBusy(state)
      const next = selectNextRequestInputs(state)
      if (shallow(next, latest)) {
        // The replies ended without changing the inputs again: what was held settles now.
        if (held && !busy) {
          held = false
          settleSoon(false)
        }
        return
      }
      const beyond = changedBeyondTranscripts(latest, next)
      latest = next
      if (!busy || beyond) {
        held = false
        settleSoon(busy)
        return
      }
      held = true
      if (!timerShowsWhileBusy) {
        clearTimeout(timer)
        timer = undefined
      }
    }
    // The store may have moved between the first render and this effect.
    watch(useAppStore.getState())
    const unsubscribe = useAppStore.subscribe(watch)
    return () => {
      unsubscribe()
      clearTimeout(timer)
    }
  }, [])
  return settled
}

/** The next request of every pane (for the translation preview), memoized on the settled inputs. */
export function useNextRequests(): NextRequest[] {
  const inputs = useNextRequestInputs()
  return useMemo(() => {
    // The adjustments do not depend on where the request goes: any base URL will do before profiles load.
    const resolved: NextRequestInputs = { ...inputs, baseUrl: inputs.baseUrl ?? 'http://127.0.0.1' }
    return inputs.conversation.panes.map((pane) => buildNextRequest(resolved, pane))
  }, [inputs])
}
