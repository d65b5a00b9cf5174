import type { ModelListEntry } from '../dialect'

/** One model as OpenAI describes it (`GET /models/{id}`, and each entry of the list). */
export function encodeOpenaiModel(model: ModelListEntry): unknown {
  return {
    id: model.id,
    object: 'model',
    created: Math.floor(model.createdAt.getTime() / 1000),
    owned_by: 'model-gateway',
  }
}

/** `GET /models` as OpenAI lists them: `created` in Unix seconds. */
export function encodeOpenaiModelList(models: ModelListEntry[]): unknown {
  return { object: 'list', data: models.map(encodeOpenaiModel) }
}
