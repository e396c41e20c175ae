// The one error path: routes throw ApiError; app.ts turns it into { errors: { title, message, code } }.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly code: string,
    message?: string,
  ) {
    super(message ?? title);
  }
}

export const badRequest = (title: string, code = 'badRequest', message?: string) =>
  new ApiError(400, title, code, message);
export const notLoggedIn = () =>
  new ApiError(401, 'You are not logged in. Please sign in again.', 'notLoggedIn');
export const forbidden = (title: string, code = 'forbidden', message?: string) =>
  new ApiError(403, title, code, message);
export const notFound = (title: string, code = 'notFound', message?: string) =>
  new ApiError(404, title, code, message);
export const conflict = (title: string, code = 'conflict', message?: string) =>
  new ApiError(409, title, code, message);
export const tooManyRequests = (title: string, code = 'tooManyRequests', message?: string) =>
  new ApiError(429, title, code, message);
export const serviceUnavailable = (title: string, code = 'serviceUnavailable', message?: string) =>
  new ApiError(503, title, code, message);
