import type { CatalogModel } from './catalog-schema'

/**
 * The catalog record a model identifier names: the record whose model name (the `model` field of a
 * request, docs/service.md §1) is `key`, else the record whose catalog id (`model_gateway:<name>`,
 * §2.1, what `GET /catalog/<id>` addresses, §4.3) is `key`. The name wins: a request always carries
 * a name, so a name that happens to equal another record's id still means the model of that name.
 * The one lookup rule of the app, the renderer and the gateway's catalog route.
 */
export function findModel(catalog: readonly CatalogModel[], key: string): CatalogModel | undefined {
  return catalog.find((record) => record.model === key) ?? catalog.find((record) => record.id === key)
}
