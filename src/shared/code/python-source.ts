import { pythonLiteral, pythonString } from './python-literal'
import type { SdkCall } from './sdk-call'

/**
 * `client = X(base_url=…, api_key=os.environ["NAME"], default_headers=…)`: the client both Python
 * SDKs construct the same way (the key always from the environment, never inline).
 */
export function pythonClient(className: string, call: SdkCall): string {
  const args = [
    `    base_url=${pythonString(call.baseUrl)},`,
    `    api_key=os.environ[${pythonString(call.envVar)}],`,
  ]
  if (Object.keys(call.extraHeaders).length > 0) {
    args.push(`    default_headers=${pythonLiteral(call.extraHeaders, '    ')},`)
  }
  return `client = ${className}(\n${args.join('\n')}\n)`
}

const PYTHON_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
)
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * `variable = client.<method>(field=…, …)`: each body field the SDK method declares as a keyword
 * argument, any other in `extra_body` (the SDKs' way to send a field they do not know; an unknown
 * keyword would be a TypeError), so the body sent is the body of the request, field for field.
 */
export function pythonCreate(
  variable: string,
  method: string,
  call: SdkCall,
  declaredParams: ReadonlySet<string>,
): string {
  const kwargs: string[] = []
  const extra: Record<string, unknown> = {}
  for (const [field, value] of Object.entries(call.body)) {
    if (declaredParams.has(field) && IDENTIFIER.test(field) && !PYTHON_KEYWORDS.has(field)) {
      kwargs.push(`    ${field}=${pythonLiteral(value, '    ')},`)
    } else {
      extra[field] = value
    }
  }
  if (Object.keys(extra).length > 0) kwargs.push(`    extra_body=${pythonLiteral(extra, '    ')},`)
  return `${variable} = client.${method}(\n${kwargs.join('\n')}\n)`
}
