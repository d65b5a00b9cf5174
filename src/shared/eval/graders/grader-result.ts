import type { GraderSpec } from '../grader-spec'

/** One grader's verdict on one cell, with the reason in words (shown in the grid and in JUnit). */
export type GraderResult = {
  type: GraderSpec['type']
  /** Short name of the check: `contains "Oslo"`, `regex /^\d+$/`. */
  label: string
  passed: boolean
  /** Why it passed or failed, naming what was expected and what was found. */
  reason: string
  /** Not run (an assertion the workbench cannot run, skipped on request): it decides nothing. */
  skipped?: boolean
}

/** Output quoted in reasons: enough to recognise, never a megabyte in a grid cell. */
export function quoteOutput(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max)}…` : flat)
}

/**
 * A verdict in words, naming its grader: `contains "Paris": not found in the output "…"`. The one
 * wording of the grid's hover, its cell diff, JUnit and the CLI, so a case with several graders says
 * which one failed wherever it is read.
 */
export function graderVerdictLine(result: Pick<GraderResult, 'label' | 'reason'>): string {
  return `${result.label}: ${result.reason}`
}
