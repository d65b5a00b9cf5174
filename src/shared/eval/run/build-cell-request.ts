import type { ChatRequest } from '../../chat/chat-request'
import { fillRequest, findRequestVariables, TemplateError } from '../../templates/template'
import type { PromptTemplate, TestCase } from '../test-set-schema'
import type { EvalTarget } from './eval-run-types'

/** The prompt as a canonical request without model: messages as text parts. */
function promptToRequest(prompt: PromptTemplate): Pick<ChatRequest, 'system' | 'messages'> {
  return {
    ...(prompt.system === undefined ? {} : { system: prompt.system }),
    messages: prompt.messages.map((m) => ({
      role: m.role,
      content: [{ type: 'text' as const, text: m.content }],
    })),
  }
}

/**
 * The request of one cell: the prompt filled with the case's values, the target's model, the
 * prompt's params overridden by the target's preset. Streaming unless a preset says otherwise:
 * time to first token and tokens/s are only measurable on a stream.
 */
export function buildCellRequest(
  prompt: PromptTemplate,
  testCase: TestCase,
  target: EvalTarget,
  options: { allowUnusedVariables?: boolean } = {},
): ChatRequest {
  const filled = fillRequest(promptToRequest(prompt), testCase.vars, {
    allowUnknown: options.allowUnusedVariables ?? false,
  })
  const params = { ...prompt.params, ...target.params }
  const request: ChatRequest = { model: target.model, ...filled, stream: params.stream ?? true }
  if (params.temperature !== undefined) request.temperature = params.temperature
  if (params.topP !== undefined) request.topP = params.topP
  if (params.maxTokens !== undefined) request.maxTokens = params.maxTokens
  if (params.stop !== undefined) request.stop = params.stop
  if (params.seed !== undefined) request.seed = params.seed
  if (params.reasoning !== undefined) request.reasoning = params.reasoning
  if (prompt.tools !== undefined) request.tools = prompt.tools
  if (prompt.toolChoice !== undefined) request.toolChoice = prompt.toolChoice
  if (prompt.responseFormat !== undefined) request.responseFormat = prompt.responseFormat
  // Usage on OpenAI streams needs asking for: points and token counts come from it.
  if (request.stream) request.includeUsage = true
  return request
}

/**
 * Every case's values against the prompt's variables, before anything is sent: a missing value or
 * a column the prompt does not use (a typo) fails the whole run up front, naming the case. A set
 * with columns meant for notes or another prompt can allow unused variables.
 */
export function checkCasesAgainstPrompt(
  prompt: PromptTemplate,
  cases: readonly TestCase[],
  options: { allowUnusedVariables?: boolean } = {},
): void {
  const variables = findRequestVariables(promptToRequest(prompt))
  const used = new Set(variables)
  for (const testCase of cases) {
    const missing = variables.filter((name) => !Object.hasOwn(testCase.vars, name))
    const unknown = options.allowUnusedVariables
      ? []
      : Object.keys(testCase.vars).filter((name) => !used.has(name))
    if (missing.length > 0 || unknown.length > 0) {
      const parts: string[] = []
      if (missing.length > 0) parts.push(`has no value for ${missing.map((n) => `{{${n}}}`).join(', ')}`)
      if (unknown.length > 0) parts.push(`has values the prompt does not use: ${unknown.join(', ')}`)
      throw new TemplateError(
        `Case ${JSON.stringify(testCase.id)} ${parts.join(' and ')} (the prompt uses ${variables.length === 0 ? 'no variables' : variables.map((n) => `{{${n}}}`).join(', ')}).`,
        missing,
        unknown,
      )
    }
  }
}
