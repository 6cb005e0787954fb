import type { ErrorCode } from '@casebridge/shared/errors';

/** The one error type services throw; the error handler turns it into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly errors?: Record<string, ErrorCode[]>,
  ) {
    super(message);
  }

  static notFound(what = 'Resource'): AppError {
    return new AppError(404, 'NOT_FOUND', `${what} not found`);
  }

  static unauthenticated(message = 'Sign in to continue'): AppError {
    return new AppError(401, 'UNAUTHENTICATED', message);
  }

  static forbidden(message = 'You are not allowed to do this', code: ErrorCode = 'FORBIDDEN'): AppError {
    return new AppError(403, code, message);
  }

  /**
   * The address is already in use: a 409, shown under the email field. Also the answer to the
   * losers when the same address is created several times at once.
   */
  static emailTaken(message = 'This email address is already in use', code: ErrorCode = 'EMAIL_TAKEN'): AppError {
    return new AppError(409, code, message, { email: [code] });
  }

  /** The request is fine but the state of things refuses it (409). */
  static conflict(message: string, code: ErrorCode = 'CONFLICT'): AppError {
    return new AppError(409, code, message);
  }

  static badRequest(message: string, code: ErrorCode = 'VALIDATION_FAILED'): AppError {
    return new AppError(400, code, message);
  }

  /** A 400 naming the fields at fault, shown under those fields in the web app. */
  static fields(errors: Record<string, ErrorCode[]>, message = 'Please correct the marked fields'): AppError {
    return new AppError(400, 'VALIDATION_FAILED', message, errors);
  }
}
