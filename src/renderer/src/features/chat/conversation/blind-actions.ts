import type { Slice } from '@renderer/store/slice'
import { withVote } from '@renderer/features/compare/blind-votes'
import { touch } from './touch-conversation'

/** Blind comparison: labels hidden until a vote, the votes kept with the conversation. */
export type BlindActions = {
  setBlind(blind: boolean): void
  /** The vote on the latest turn: pane `winner` (an index) or a tie; reveals the labels; saves. */
  voteBlind(winner: number | 'tie'): void
}

export const createBlindActions: Slice<BlindActions> = (set, get) => ({
  setBlind(blind) {
    const { blind: _old, ...rest } = get().conversation
    set({ conversation: touch(blind ? { ...rest, blind: true } : rest) })
    void get().saveConversation()
  },
  voteBlind(winner) {
    const { conversation } = get()
    const next = withVote(conversation, winner, Date.now())
    if (next === conversation) return
    set({ conversation: touch(next) })
    void get().saveConversation()
  },
})
