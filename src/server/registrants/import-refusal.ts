/** An import refused whole (docs/decisions/0062): nothing was written; status is what the API answers. */
export class ImportRefusal extends Error {
  readonly status: 400 | 413 | 422;
  constructor(status: 400 | 413 | 422, message: string) {
    super(message);
    this.status = status;
  }
}
