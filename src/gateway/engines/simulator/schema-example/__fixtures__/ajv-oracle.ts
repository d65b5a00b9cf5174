import Ajv2020 from 'ajv/dist/2020'

/**
 * The test oracle for generated examples: ajv (draft 2020-12), a maintained validator written
 * independently of the generator, so "valid" means what a client's validator would say.
 *
 * Tool schemas in the wild still use two draft-4/2019 spellings ajv 8 reads only under other drafts:
 * tuple `items: [...]` with `additionalItems`, and boolean `exclusiveMinimum`/`exclusiveMaximum`
 * beside `minimum`/`maximum`. The simulator accepts both, so the oracle first rewrites them into their
 * 2020-12 equivalents (`prefixItems` + `items`, numeric exclusive bounds), the migration the drafts
 * themselves describe. Formats ajv leaves to the ajv-formats plugin (not a dependency) are declared
 * here for the ones the generator claims.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true, allowUnionTypes: true })
const FORMATS: Record<string, RegExp> = {
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time':
    /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  time: /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:[^\s]*$/i,
  url: /^https?:\/\/[^\s]+$/i,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  ipv4: /^((25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(25[0-5]|2[0-4]\d|1?\d?\d)$/,
  ipv6: /^[0-9a-f:]+$/i,
  hostname: /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i,
}
for (const [name, regex] of Object.entries(FORMATS)) ajv.addFormat(name, regex)

/** What ajv finds wrong with `instance` against `schema` (empty: valid). */
export function schemaViolations(instance: unknown, schema: unknown): string[] {
  const validate = ajv.compile(to2020(schema) as object)
  if (validate(instance)) return []
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
}

/** The schema with draft-4/2019 spellings rewritten for 2020-12 (see above). Test schemas are small. */
function to2020(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(to2020)
  if (typeof schema !== 'object' || schema === null) return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    // `const` and `enum` hold values, not schemas: copied as they are.
    out[key] = key === 'const' || key === 'enum' ? value : to2020(value)
  }
  if (Array.isArray(out['items'])) {
    out['prefixItems'] = out['items']
    if ('additionalItems' in out) out['items'] = out['additionalItems']
    else delete out['items']
    delete out['additionalItems']
  }
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof out[exclusive] === 'boolean') {
      if (out[exclusive] === true) out[exclusive] = out[bound]
      else delete out[exclusive]
      if (out[exclusive] !== undefined) delete out[bound]
    }
  }
  return out
}
