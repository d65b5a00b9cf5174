import fc from 'fast-check'
import type { ChatRequest, DialectId, JsonSchema } from '../../chat/chat-request'
import { dialects } from '../../dialects'
import {
  anyText,
  carriableRequest,
  toolName,
} from '../../dialects/openai-chat/__fixtures__/openai-arbitraries'
import type { HttpRequest } from '../../http/http-request'
import { withSimulateHeader } from '../../runs/simulate-header'

const anyKey = fc.oneof(anyText, fc.constantFrom('__proto__', 'constructor', 'toString', 'class', '0', '1e3'))

/** Any JSON value, with any string (lone surrogates, controls, `__proto__`…) as text or key. */
export const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    // -0 is written `0` by JSON too; the literal is compared with JSON text.
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    anyText,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyKey, tie('value'), { maxKeys: 4 }),
  ),
})).value

/** A tool schema whose property names and descriptions are any text. */
const anySchema: fc.Arbitrary<JsonSchema> = fc
  .dictionary(anyKey, fc.record({ type: fc.constant('string'), description: anyText }), { maxKeys: 3 })
  .map((properties) => ({ type: 'object', properties }))

/** A request with arbitrary text in system, messages and tool schemas (keys included). */
export const anyChatRequest: fc.Arbitrary<ChatRequest> = fc
  .tuple(
    carriableRequest,
    fc.array(fc.record({ name: toolName, description: anyText, parameters: anySchema }), { maxLength: 2 }),
  )
  .map(([request, extraTools]) => {
    const tools = [
      ...(request.tools ?? []),
      ...extraTools.filter((t) => !request.tools?.some((u) => u.name === t.name)),
    ]
    return tools.length > 0 ? { ...request, tools } : request
  })

const BASE_URL = 'http://127.0.0.1:8787/v1'
export const SECRET = 'sk-secret-for-code-tests-0f3c'

/** The exact request the app sends for `request` in `dialect` (with `x-simulate` when given). */
export function sentHttp(dialect: DialectId, request: ChatRequest, simulate = ''): HttpRequest {
  const built = dialects[dialect].buildRequest(request, { baseUrl: BASE_URL, apiKey: SECRET })
  return withSimulateHeader(built.http, simulate)
}
