/**
 * A page block's data, loaded on its own: a failing source turns only that block into its error
 * state, while the rest of the page still renders.
 */
import type { BlockState } from '../../domain/block-state.ts';
import { cached } from './content-cache.ts';
import { log } from '../log.ts';

export type Block<T> = BlockState<T>;

/** docs/PRODUCT.md "Caching": speaker and implementation queries fresh 5 minutes; hosts 30 seconds. */
export const CONTENT_TTL_MS = 5 * 60 * 1000;
export const HOST_TTL_MS = 30 * 1000;

export async function loadBlock<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<Block<T>> {
  try {
    return { state: 'success', data: await cached(key, ttlMs, load) };
  } catch (error) {
    log.error({ err: error, block: key }, 'content block failed');
    return { state: 'error' };
  }
}
