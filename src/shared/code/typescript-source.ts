import { jsKey, jsLiteral } from './js-literal'
import type { SdkCall } from './sdk-call'

/**
 * `const client = new X({ baseURL, apiKey: process.env.NAME, defaultHeaders? })`: the client both
 * TypeScript SDKs construct the same way (the key always from the environment, never inline).
 */
export function typescriptClient(className: string, call: SdkCall): string {
  const options: string[] = [
    `  baseURL: ${jsLiteral(call.baseUrl)},`,
    `  apiKey: process.env.${call.envVar},`,
  ]
  if (Object.keys(call.extraHeaders).length > 0) {
    options.push(`  defaultHeaders: ${jsLiteral(call.extraHeaders, '  ')},`)
  }
  return `const client = new ${className}({\n${options.join('\n')}\n})`
}

/** Above the first spread field: the SDK's types lack it, the API still takes it. */
export const UNTYPED_FIELD_COMMENT =
  "// Spread: the SDK's types no longer list this parameter, but it sends it and the API takes it."

/**
 * `await client.<method>({ …the body… })`: the body field for field, in order, as one object literal.
 * A field the SDK's types do not declare is spread in place (`...{ temperature: 0 },`): the SDK sends
 * it as is, and TypeScript checks excess properties only where they are written out, so the snippet
 * still compiles in a strict project. The first such field says why in a comment: the construct is
 * odd to read without one.
 */
export function typescriptCreate(
  variable: string,
  method: string,
  call: SdkCall,
  untypedFields: ReadonlySet<string> = new Set(),
): string {
  let explained = false
  const fields = Object.entries(call.body).map(([field, value]) => {
    const property = `${jsKey(field)}: ${jsLiteral(value, '  ')}`
    if (!untypedFields.has(field)) return `  ${property},`
    const why = explained ? '' : `  ${UNTYPED_FIELD_COMMENT}\n`
    explained = true
    return `${why}  ...{ ${property} },`
  })
  return `const ${variable} = await client.${method}({\n${fields.join('\n')}\n})`
}
