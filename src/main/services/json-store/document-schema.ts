/** The part of a ZodError the stores read. */
export type SchemaIssues = { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> }

/**
 * What the stores need from a schema: zod's `safeParse`. Every zod schema fits (callers pass zod
 * schemas); keeping it structural means this folder never loads zod itself, so a small process using a
 * store (the crash test's writer) does not pay for it.
 */
export type DocumentSchema<T> = {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: SchemaIssues }
}

/** Why a value does not match its schema, as `path: message` of the first issue. */
export function describeSchemaFailure(error: SchemaIssues): string {
  const issue = error.issues[0]
  if (issue === undefined) return 'invalid'
  const where = issue.path.length === 0 ? '' : `${issue.path.map(String).join('.')}: `
  return `${where}${issue.message}`
}
