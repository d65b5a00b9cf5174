/**
 * The sentences of a record that mention the model or the provider. The spec describes their meaning,
 * not their words (§2.1 description, §2.3 display description); these are our wording.
 */

/** `description` (§2.1): the model as a dynamic router service managed by the model-operations team. */
export function modelDescription(modelName: string): string {
  return `${modelName} is a dynamic router service managed by the model-operations team.`
}

/** `display_config.description` (§2.3): the model name followed by who serves it. */
export function servedByDescription(modelName: string, providerName: string): string {
  return `${modelName} served by ${providerName}`
}
