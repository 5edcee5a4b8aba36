declare module 'http-errors' {
  interface HttpError extends Error {
    status: number;
    statusCode: number;
    expose: boolean;
    details?: unknown;
  }
  function createError(status: number, message?: string): HttpError;
  export = createError;
}
