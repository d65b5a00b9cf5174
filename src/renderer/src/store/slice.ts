import type { StateCreator } from 'zustand'
import type { AppState } from './index'

/** A feature slice of the one app store: it may read and call anything in the store. */
export type Slice<T> = StateCreator<AppState, [], [], T>
