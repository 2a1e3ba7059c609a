/** The first row a query returns, or null: the query is limited to one row. */
export async function firstRow<T>(query: { limit(count: number): PromiseLike<T[]> }): Promise<T | null> {
  const [row] = await query.limit(1);
  return row ?? null;
}
