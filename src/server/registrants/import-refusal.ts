/** An import refused whole (docs/decisions/0062; 409: another import of the edition is running, 0076): nothing was written; status is what the API answers. */
export class ImportRefusal extends Error {
  readonly status: 400 | 409 | 413 | 422;
  constructor(status: 400 | 409 | 413 | 422, message: string) {
    super(message);
    this.status = status;
  }
}
