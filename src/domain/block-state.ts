/** A page block's data as it reaches a view: loaded, or failed (the block shows its error state). */
export type BlockState<T> = { state: 'success'; data: T } | { state: 'error' };
