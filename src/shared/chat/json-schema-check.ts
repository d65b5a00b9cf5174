import { invalidParamError } from './errors'

const JSON_SCHEMA_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'])

/**
 * A structural sanity check of a JSON Schema given as tool parameters or a response schema. It does
 * not implement JSON Schema; it catches what makes a tool definition useless or dangerous to pass on:
 * a non-object root, unknown `type` names, `properties` that are not schemas, `required` that is not
 * a list of declared names. `param` is the wire path, used in the 400 message.
 */
export function checkJsonSchema(
  schema: unknown,
  param: string,
  options: { rootMustBeObject: boolean },
): void {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw invalidParamError(param, 'must be a JSON Schema object.')
  }
  const node = schema as Record<string, unknown>
  if (options.rootMustBeObject && node['type'] !== 'object') {
    throw invalidParamError(`${param}.type`, `must be "object".`)
  }
  checkNode(node, param, 0)
}

function checkNode(node: Record<string, unknown>, param: string, depth: number): void {
  if (depth > 32) throw invalidParamError(param, 'schema nested too deeply.')
  const type = node['type']
  const types = Array.isArray(type) ? type : type === undefined ? [] : [type]
  for (const t of types) {
    if (typeof t !== 'string' || !JSON_SCHEMA_TYPES.has(t)) {
      throw invalidParamError(`${param}.type`, `${JSON.stringify(t)} is not a JSON Schema type.`)
    }
  }
  const properties = node['properties']
  if (properties !== undefined) {
    if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) {
      throw invalidParamError(`${param}.properties`, `must be an object of schemas.`)
    }
    for (const [name, child] of Object.entries(properties)) {
      const childParam = `${param}.properties.${name}`
      if (typeof child === 'boolean') continue
      if (typeof child !== 'object' || child === null || Array.isArray(child)) {
        throw invalidParamError(childParam, `must be a schema object.`)
      }
      checkNode(child as Record<string, unknown>, childParam, depth + 1)
    }
  }
  const required = node['required']
  if (required !== undefined) {
    if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) {
      throw invalidParamError(`${param}.required`, `must be an array of property names.`)
    }
  }
  const items = node['items']
  if (items !== undefined && typeof items !== 'boolean') {
    if (typeof items !== 'object' || items === null || Array.isArray(items)) {
      throw invalidParamError(`${param}.items`, `must be a schema object.`)
    }
    checkNode(items as Record<string, unknown>, `${param}.items`, depth + 1)
  }
}
