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

/**
 * `await client.<method>({ …the body… })`: the body field for field, in order, as one object literal.
 * A field the SDK's types do not declare is spread in place (`...{ temperature: 0 },`): the SDK sends
 * it as is, and TypeScript checks excess properties only where they are written out, so the snippet
 * still compiles in a strict project.
 */
export function typescriptCreate(
  variable: string,
  method: string,
  call: SdkCall,
  untypedFields: ReadonlySet<string> = new Set(),
): string {
  const fields = Object.entries(call.body).map(([field, value]) => {
    const property = `${jsKey(field)}: ${jsLiteral(value, '  ')}`
    return untypedFields.has(field) ? `  ...{ ${property} },` : `  ${property},`
  })
  return `const ${variable} = await client.${method}({\n${fields.join('\n')}\n})`
}
