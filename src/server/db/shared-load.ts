/**
 * A value loaded once per process (one module graph: decision 0013) and shared by every caller:
 * the first caller starts the load, later ones get the same Promise. A failed load is not kept:
 * the next caller tries again (e.g. Postgres not up yet).
 */
export class SharedLoad<T> {
  private pending: Promise<T> | undefined;

  get(load: () => Promise<T>): Promise<T> {
    if (!this.pending) {
      const loading = load();
      loading.catch(() => {
        if (this.pending === loading) this.pending = undefined;
      });
      this.pending = loading;
    }
    return this.pending;
  }

  /** Forgets the value, or the load under way, and returns it: the next get() loads again. */
  forget(): Promise<T> | undefined {
    const pending = this.pending;
    this.pending = undefined;
    return pending;
  }
}
