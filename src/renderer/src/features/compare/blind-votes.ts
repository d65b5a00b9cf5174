import type { BlindVote, Conversation, Pane } from '@shared/history/conversation'
import { paneSettings, SETTING_LABELS } from '@shared/history/pane-settings'
import type { AppState } from '@renderer/store'
import { dialectLabel } from '@renderer/features/chat/format-reply'
import { compareSummary } from './compare-summary'

/** The latest user turn of the panes (they share it by id), if any. */
function latestTurnId(conversation: Conversation): string | undefined {
  return conversation.panes[0]?.messages.findLast((message) => message.role === 'user')?.id
}

/**
 * Blind mode hides what each pane is (model, dialect, settings) until the latest turn has a vote:
 * a new turn hides them again, so every verdict is given before the labels are seen.
 */
export function labelsHidden(conversation: Conversation): boolean {
  if (conversation.blind !== true || conversation.panes.length < 2) return false
  const turn = latestTurnId(conversation)
  return turn === undefined || !(conversation.votes ?? []).some((vote) => vote.turnId === turn)
}

/** The store selector for `labelsHidden`: the one place components ask whether blind mode hides the labels now. */
export function selectLabelsHidden(state: AppState): boolean {
  return labelsHidden(state.conversation)
}

/** A vote can be cast once every pane answered the latest turn, and none was cast on it yet. */
export function canVote(conversation: Conversation): boolean {
  return labelsHidden(conversation) && compareSummary(conversation.panes) !== undefined
}

/** What a pane's own settings are, in words ("" when it shares all of the conversation's). */
function settingsOf(conversation: Conversation, pane: Pane): string {
  const own = paneSettings(conversation, pane)
  return (conversation.unlinked ?? [])
    .map((key) => {
      const value = key === 'system' ? own.system : own.params[key]
      return value === undefined ? undefined : `${SETTING_LABELS[key]} ${JSON.stringify(value)}`
    })
    .filter((part) => part !== undefined)
    .join(', ')
    .slice(0, 500)
}

/** The conversation with the vote on its latest turn: pane `winner` (an index) or a tie. */
export function withVote(conversation: Conversation, winner: number | 'tie', at: number): Conversation {
  const turnId = latestTurnId(conversation)
  if (turnId === undefined || !canVote(conversation)) return conversation
  const vote: BlindVote = {
    turnId,
    winner,
    contenders: conversation.panes.map((pane) => ({
      model: pane.model,
      dialect: pane.dialect,
      settings: settingsOf(conversation, pane),
    })),
    at,
  }
  return { ...conversation, votes: [...(conversation.votes ?? []), vote] }
}

type ScoreRow = { label: string; wins: number; ties: number; votes: number }

/** Per model · dialect · settings: votes it took part in, won, tied; most wins first. */
export function scoreboard(votes: readonly BlindVote[]): ScoreRow[] {
  const rows = new Map<string, ScoreRow>()
  for (const vote of votes) {
    vote.contenders.forEach((contender, index) => {
      const label = [contender.model, dialectLabel(contender.dialect), contender.settings]
        .filter((part) => part !== '')
        .join(' · ')
      const row = rows.get(label) ?? { label, wins: 0, ties: 0, votes: 0 }
      row.votes++
      if (vote.winner === 'tie') row.ties++
      else if (vote.winner === index) row.wins++
      rows.set(label, row)
    })
  }
  return [...rows.values()].sort(
    (a, b) => b.wins - a.wins || b.ties - a.ties || a.label.localeCompare(b.label),
  )
}
