import { Script, createContext } from 'node:vm'
import type { RegexTester } from '@shared/eval/graders/regex-guard'

/**
 * A regex tester with a time limit, for main and the CLI: the match runs in a `node:vm` context with
 * a timeout, which V8 enforces inside the regex engine too (measured: `^(a+)+$` on 40 a's and a b is
 * stopped at the limit instead of running for minutes). The shared guard refuses the known
 * exponential shapes first; this catches what it cannot see (polynomial shapes, alternations).
 */
export function createVmRegexTester(timeoutMs = 250): RegexTester {
  const context = createContext({ regex: /x/, input: '' })
  const script = new Script('regex.test(input)')
  return (regex, input) => {
    context['regex'] = regex
    context['input'] = input
    try {
      return script.runInContext(context, { timeout: timeoutMs }) === true
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
        throw new Error(`the pattern ran longer than ${timeoutMs} ms on this output and was stopped`, {
          cause: error,
        })
      }
      throw error
    } finally {
      context['regex'] = /x/
      context['input'] = ''
    }
  }
}
