/** A reading operation refused: the status a route answers with, and a message staff can act on. */
export class ReadingError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}
