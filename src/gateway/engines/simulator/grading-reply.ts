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
  if (request.system?.includes('VERDICT: PASS or VERDICT: FAIL')) {
    const turn = GRADING_TURN.exec(facts.lastUserText)
    if (turn === null) return undefined
    const { passed, reasoning } = decide(turn[1] as string, turn[2] as string)
    return `Simulated grading: ${reasoning}\nVERDICT: ${passed ? 'PASS' : 'FAIL'}`
  }
  if (request.system?.startsWith(PROMPTFOO_GRADING_SYSTEM)) {
    const turn = PROMPTFOO_GRADING_TURN.exec(facts.lastUserText)
    if (turn === null) return undefined
    const { passed, reasoning } = decide(turn[2] as string, turn[1] as string)
    return JSON.stringify({ reason: `Simulated grading: ${reasoning}`, pass: passed, score: passed ? 1 : 0 })
  }
  return undefined
}

/**
 * promptfoo's llm-rubric request (its default grading prompt, promptfoo 0.121): the same decision,
 * answered in the JSON it asks for, so a promptfoo suite's rubrics give the same verdicts through
 * promptfoo and through the workbench (docs/eval.md, "promptfoo suites").
 */
const PROMPTFOO_GRADING_SYSTEM = 'You are grading output according to a user-specified rubric.'
const PROMPTFOO_GRADING_TURN = /^<Output>\n([\s\S]*)\n<\/Output>\n<Rubric>\n([\s\S]*?)\n<\/Rubric>$/

function decide(rubric: string, output: string): { passed: boolean; reasoning: string } {
  const marker = MARKER.exec(rubric)?.[1]?.toLowerCase()
  if (marker !== undefined)
    return { passed: marker === 'pass', reasoning: `The rubric's [simulate: ${marker}] marker decides.` }
  const phrases = [...rubric.matchAll(QUOTED)].map((m) => m[1] as string)
  if (phrases.length > 0) {
    const lower = output.toLowerCase()
    const missing = phrases.filter((phrase) => !lower.includes(phrase.toLowerCase()))
    return missing.length === 0
      ? { passed: true, reasoning: `The output has every quoted phrase of the rubric (${phrases.length}).` }
      : { passed: false, reasoning: `The output lacks ${missing.map((p) => JSON.stringify(p)).join(', ')}.` }
  }
  return output.trim() === ''
    ? { passed: false, reasoning: 'The output is empty.' }
    : { passed: true, reasoning: 'The rubric quotes no phrase and the output is not empty.' }
}
