import type { ModelListEntry } from '../dialect'

/** `GET /models` as OpenAI lists them: `created` in Unix seconds. */
export function encodeOpenaiModelList(models: ModelListEntry[]): unknown {
  return {
    object: 'list',
    data: models.map((model) => ({
      id: model.id,
      object: 'model',
      created: Math.floor(model.createdAt.getTime() / 1000),
      owned_by: 'model-gateway',
    })),
  }
}
