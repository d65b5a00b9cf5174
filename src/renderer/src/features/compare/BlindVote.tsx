import { useMemo } from 'react'
import { Button } from '@renderer/components/Button'
import { useAppStore } from '@renderer/store'
import { canVote, labelsHidden, scoreboard } from './blind-votes'

/**
 * Blind mode's bar under the panes: the vote on the latest turn once every pane answered (a pane or
 * a tie; the labels show after it), and the scoreboard of the votes kept with this conversation.
 */
export function BlindVote(): React.JSX.Element | null {
  const conversation = useAppStore((state) => state.conversation)
  const blind = conversation.blind === true && conversation.panes.length > 1
  const open = useMemo(() => blind && canVote(conversation), [blind, conversation])
  const hidden = labelsHidden(conversation)
  const votes = conversation.votes
  const scores = useMemo(() => scoreboard(votes ?? []), [votes])
  if (!blind) return null
  const vote = (winner: number | 'tie'): void => useAppStore.getState().voteBlind(winner)
  return (
    <section className="blind-vote" aria-label="Blind vote">
      {open ? (
        <div className="blind-vote-row" role="group" aria-label="Which reply is best?">
          <strong>Which reply is best?</strong>
          {conversation.panes.map((pane, index) => (
            <Button key={pane.id} size="sm" onClick={() => vote(index)}>
              Pane {index + 1}
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={() => vote('tie')}>
            Tie
          </Button>
        </div>
      ) : (
        <p className="blind-vote-row">
          {hidden
            ? 'Blind: models, dialects and settings stay hidden until you vote on the replies to this turn.'
            : 'Voted: the labels show until the next turn.'}
        </p>
      )}
      {scores.length > 0 && (
        <details>
          <summary>Scoreboard ({votes?.length ?? 0} votes)</summary>
          <table className="compare-table" aria-label="Scoreboard">
            <thead>
              <tr>
                <th scope="col">Model · dialect · settings</th>
                <th scope="col">Wins</th>
                <th scope="col">Ties</th>
                <th scope="col">Votes</th>
              </tr>
            </thead>
            <tbody>
              {scores.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  <td>{row.wins}</td>
                  <td>{row.ties}</td>
                  <td>{row.votes}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  )
}
