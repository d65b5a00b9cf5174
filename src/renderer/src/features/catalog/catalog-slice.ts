import type { CatalogModel } from '@shared/catalog'
import { catalogModelSchema } from '@shared/catalog'
import { invoke } from '@renderer/lib/invoke'
import type { Slice } from '@renderer/store/slice'

export type CatalogState = {
  status: 'loading' | 'ready' | 'error'
  models: CatalogModel[]
  source?: 'bundled' | 'gateway'
  /** When the gateway's catalog was fetched (ms since epoch); unset for the bundled one. */
  fetchedAt?: number
  warning?: string
  error?: string
}

export type CatalogSlice = {
  /** Per profile id. */
  catalogs: Record<string, CatalogState>
  loadCatalog(profileId: string, refresh?: boolean): Promise<void>
}

export const createCatalogSlice: Slice<CatalogSlice> = (set, get) => {
  // The latest load per profile: an older answer arriving late (refresh clicked twice, a key saved
  // while loading) must not overwrite a newer one.
  const latestLoad = new Map<string, number>()
  let loads = 0

  return {
    catalogs: {},
    async loadCatalog(profileId, refresh = false) {
      const loadId = ++loads
      latestLoad.set(profileId, loadId)
      set((state) => ({
        catalogs: {
          ...state.catalogs,
          // Models already shown stay while loading, so a refresh does not blank the list.
          [profileId]: {
            ...(state.catalogs[profileId] ?? { models: [] }),
            status: 'loading',
            error: undefined,
          },
        },
      }))
      let next: CatalogState
      try {
        const view = await invoke('catalog:get', { profileId, refresh })
        // Main validated the records; parsing again here gives the renderer real types, not `unknown`.
        const models = view.models.map((model) => catalogModelSchema.parse(model))
        next = {
          status: 'ready',
          models: [...models].sort((a, b) => a.sort_order - b.sort_order),
          source: view.source,
          ...(view.fetchedAt !== undefined ? { fetchedAt: view.fetchedAt } : {}),
          ...(view.warning ? { warning: view.warning } : {}),
        }
      } catch (error) {
        const previous = get().catalogs[profileId]
        next = {
          status: 'error',
          models: previous?.models ?? [],
          ...(previous?.source ? { source: previous.source } : {}),
          error: (error as Error).message,
        }
      }
      if (latestLoad.get(profileId) !== loadId) return
      set((state) => ({ catalogs: { ...state.catalogs, [profileId]: next } }))
    },
  }
}
