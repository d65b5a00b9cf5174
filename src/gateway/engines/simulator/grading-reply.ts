import type { ChatRequest } from '@shared/chat/chat-request'
import type { ConversationFacts } from './conversation-facts'

/**
 * The workbench's rubric grading request (src/shared/eval/graders/rubric-grader.ts): a system prompt
 * asking for a `VERDICT: PASS|FAIL` line, and `Rubric:\n…\n\n<output>\n…\n</output>` as the user's
 * turn. Recognised by its shape, so the gateway needs nothing from the eval core.
 */
const GRADING_TURN = /^Rubric:\n([\s\S]*?)\n\n<output>\n([\s\S]*)\n<\/output>$/
const MARKER = /\[simulate:\s*(pass|fail)\]/i
const QUOTED = /"([^"\n]+)"/g

/**
 * The simulator's answer to a rubric grading request, so rubric graders work offline and give the same
 * verdict every time (docs/eval.md, "Rubrics offline"): a `[simulate: pass]` or `[simulate: fail]`
 * marker in the rubric decides; else every phrase the rubric puts in double quotes must be in the
 * output (case-insensitive); else the output must not be empty. Undefined for any other request.
 */
export function composeGradingReply(request: ChatRequest, facts: ConversationFacts): string | undefined {
  if (!request.system?.includes('VERDICT: PASS or VERDICT: FAIL')) return undefined
  const turn = GRADING_TURN.exec(facts.lastUserText)
  if (turn === null) return undefined
  const rubric = turn[1] as string
  const output = turn[2] as string
  const marker = MARKER.exec(rubric)?.[1]
  if (marker !== undefined)
    return verdict(
      marker.toLowerCase() === 'pass',
      `The rubric's [simulate: ${marker.toLowerCase()}] marker decides.`,
    )
  const phrases = [...rubric.matchAll(QUOTED)].map((m) => m[1] as string)
  if (phrases.length > 0) {
    const lower = output.toLowerCase()
    const missing = phrases.filter((phrase) => !lower.includes(phrase.toLowerCase()))
    return missing.length === 0
      ? verdict(true, `The output has every quoted phrase of the rubric (${phrases.length}).`)
      : verdict(false, `The output lacks ${missing.map((p) => JSON.stringify(p)).join(', ')}.`)
  }
  return output.trim() === ''
    ? verdict(false, 'The output is empty.')
    : verdict(true, 'The rubric quotes no phrase and the output is not empty.')
}

function verdict(passed: boolean, reasoning: string): string {
  return `Simulated grading: ${reasoning}\nVERDICT: ${passed ? 'PASS' : 'FAIL'}`
}
