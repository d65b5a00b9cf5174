import type { CatalogModel } from '../../../../shared/catalog'
import { catalogModelSchema } from '../../../../shared/catalog'
import { invoke } from '../../lib/invoke'
import type { Slice } from '../../store/slice'

export type CatalogState = {
  status: 'loading' | 'ready' | 'error'
  models: CatalogModel[]
  source?: 'bundled' | 'gateway'
  warning?: string
  error?: string
}

export type CatalogSlice = {
  /** Per profile id. */
  catalogs: Record<string, CatalogState>
  loadCatalog(profileId: string, refresh?: boolean): Promise<void>
}

export const createCatalogSlice: Slice<CatalogSlice> = (set) => ({
  catalogs: {},
  async loadCatalog(profileId, refresh = false) {
    set((state) => ({
      catalogs: {
        ...state.catalogs,
        [profileId]: { ...(state.catalogs[profileId] ?? { models: [] }), status: 'loading' },
      },
    }))
    try {
      const view = await invoke('catalog:get', { profileId, refresh })
      // Main validated the records; parsing again here gives the renderer real types, not `unknown`.
      const models = view.models.map((model) => catalogModelSchema.parse(model))
      set((state) => ({
        catalogs: {
          ...state.catalogs,
          [profileId]: {
            status: 'ready',
            models: [...models].sort((a, b) => a.sort_order - b.sort_order),
            source: view.source,
            ...(view.warning ? { warning: view.warning } : {}),
          },
        },
      }))
    } catch (error) {
      set((state) => ({
        catalogs: {
          ...state.catalogs,
          [profileId]: {
            status: 'error',
            models: state.catalogs[profileId]?.models ?? [],
            error: (error as Error).message,
          },
        },
      }))
    }
  },
})
