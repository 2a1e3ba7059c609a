/** Drops the bookkeeping columns (edition, position, timestamps) that are not part of the public shape (docs/PRODUCT.md "Content entities"). */
export function publicFields<T extends { editionId?: number; position: number; createdAt: Date; updatedAt: Date }>(row: T) {
  const { editionId: _edition, position: _position, createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}
