import type { StateCreator, StoreApi } from 'zustand'
import type { AppState } from './index'

/**
 * A feature slice of the one app store: it may read and call anything in the store. A slice file
 * composes its state and its actions; each group of actions of one job is a `Slice` of its own.
 */
export type Slice<T> = StateCreator<AppState, [], [], T>

/** The store's `set` and `get`, for a slice's helpers that are not actions themselves. */
export type StoreAccess = { set: StoreApi<AppState>['setState']; get: StoreApi<AppState>['getState'] }
