import { GatewayError } from '../chat/errors'

/**
 * How deeply a request body may nest, counted in JSON containers (objects and arrays) from the body
 * itself. Everything downstream of the decoders (zod, the schema check, the request hash, the example
 * generator, JSON.stringify when a proxy re-encodes the body) walks values recursively, and a
 * 10,000-level value that JSON.parse reads happily (it is iterative) overflows their stacks: a 500
 * "Maximum call stack size exceeded" instead of the 400 the client is owed. 128 is serde_json's
 * recursion limit; real tool schemas and arguments stay far below it.
 */
export const MAX_JSON_DEPTH = 128

/** How many path segments the 400 names: enough to find the field, not the whole 128-step path. */
const NAMED_SEGMENTS = 6

type Frame = { value: unknown; depth: number; path: PathNode | undefined }
type PathNode = { key: string; parent: PathNode | undefined }

/**
 * The path to the first container nested deeper than `limit`, or undefined when the value stays
 * within it. Iterative (an explicit stack), so the check cannot overflow on what it guards against.
 */
export function findTooDeepJson(value: unknown, limit: number): string[] | undefined {
  const stack: Frame[] = [{ value, depth: 0, path: undefined }]
  for (let frame = stack.pop(); frame !== undefined; frame = stack.pop()) {
    const { value: node, depth, path } = frame
    if (typeof node !== 'object' || node === null) continue
    if (depth + 1 > limit) return pathSegments(path)
    // Only containers are pushed (a 4 MB array of numbers costs one pass, no allocations), in reverse
    // so the first offending field in document order is the one reported.
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const child: unknown = node[i]
        if (typeof child === 'object' && child !== null) {
          stack.push({ value: child, depth: depth + 1, path: { key: String(i), parent: path } })
        }
      }
    } else {
      const keys = Object.keys(node)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string
        const child = (node as Record<string, unknown>)[key]
        if (typeof child === 'object' && child !== null) {
          stack.push({ value: child, depth: depth + 1, path: { key, parent: path } })
        }
      }
    }
  }
  return undefined
}

/**
 * The deepest nesting of containers in JSON text, read without parsing it (strings skipped, escapes
 * honoured): for JSON carried inside a string, such as Chat Completions tool-call `arguments`.
 * Linear in the text; invalid JSON just gets the depth its brackets suggest.
 */
export function jsonTextDepth(text: string): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c)
        i++ // backslash: skip the escaped character
      else if (code === 0x22) inString = false
    } else if (code === 0x22) inString = true
    else if (code === 0x7b || code === 0x5b) deepest = Math.max(deepest, ++depth)
    else if (code === 0x7d || code === 0x5d) depth = Math.max(0, depth - 1)
  }
  return deepest
}

/** The dialect-neutral 400 both decoders throw for a body (or a field) nested too deeply. */
export function tooDeepError(path: readonly string[], limit: number = MAX_JSON_DEPTH): GatewayError {
  const named = path.slice(0, NAMED_SEGMENTS)
  const param = named.join('.')
  const shown = path.length > NAMED_SEGMENTS ? `${param}…` : param
  const detail = `JSON nested deeper than ${limit} levels; this gateway accepts at most ${limit} levels of nesting.`
  return new GatewayError('invalid_request', param === '' ? detail : `${shown}: ${detail}`, {
    ...(param === '' ? {} : { param }),
  })
}

/** Refuses a request body nested deeper than MAX_JSON_DEPTH, naming the field where it happens. */
export function checkJsonDepth(body: unknown): void {
  const path = findTooDeepJson(body, MAX_JSON_DEPTH)
  if (path !== undefined) throw tooDeepError(path)
}

function pathSegments(path: PathNode | undefined): string[] {
  const segments: string[] = []
  for (let node = path; node !== undefined; node = node.parent) segments.push(node.key)
  return segments.reverse()
}
