import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildCatalog } from './build-catalog'
import type { CatalogModel } from './catalog-schema'
import { findModel } from './find-model'

const [SEED] = buildCatalog()

/** A catalog record under another name, its id derived the way the schema requires (`source:model`). */
function recordNamed(model: string): CatalogModel {
  return { ...SEED!, model, label: model, id: `${SEED!.source}:${model}` }
}

const names = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 })

describe('findModel', () => {
  it('finds every record by its model name and by its catalog id', () => {
    fc.assert(
      fc.property(names, (modelNames) => {
        const catalog = modelNames.map(recordNamed)
        for (const record of catalog) {
          expect(findModel(catalog, record.model)).toBe(record)
          // An id names its record unless it is also some record's model name (next property).
          if (!modelNames.includes(record.id)) expect(findModel(catalog, record.id)).toBe(record)
        }
      }),
    )
  })

  it('finds nothing for a key that is neither a name nor an id', () => {
    fc.assert(
      fc.property(names, fc.string(), (modelNames, key) => {
        const catalog = modelNames.map(recordNamed)
        fc.pre(catalog.every((record) => record.model !== key && record.id !== key))
        expect(findModel(catalog, key)).toBeUndefined()
      }),
    )
  })

  it('lets a model name win over an equal catalog id, whatever the order of the records', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.boolean(), (name, idFirst) => {
        // `byId`'s id is `model_gateway:<name>`; `byName` is literally called that.
        const byId = recordNamed(name)
        const byName = recordNamed(byId.id)
        const catalog = idFirst ? [byId, byName] : [byName, byId]
        expect(findModel(catalog, byId.id)).toBe(byName)
      }),
    )
  })

  it('finds the seed models by the names and ids of the service table (docs/service.md §1)', () => {
    const catalog = buildCatalog()
    expect(findModel(catalog, 'vendorb3.8-Flash-Next')?.display_config.capability_key).toBe('text')
    expect(findModel(catalog, 'model_gateway:vendora-V4-Flash-Vision-Exp')?.model).toBe(
      'vendora-V4-Flash-Vision-Exp',
    )
  })
})
