import { jsLiteral } from './js-literal'
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

/** `await client.<method>({ …the body… })`: the body field for field, as one object literal. */
export function typescriptCreate(variable: string, method: string, call: SdkCall): string {
  return `const ${variable} = await client.${method}(${jsLiteral(call.body)})`
}
