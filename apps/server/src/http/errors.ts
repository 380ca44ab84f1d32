import type { ErrorCode } from '@portal/shared/error-catalogue';

/** A domain error with its HTTP status and a stable code from the error catalogue. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly params: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export class NotFound extends AppError {
  constructor() {
    super(404, 'NOT_FOUND');
  }
}

export class NotLoggedIn extends AppError {
  constructor() {
    super(401, 'NOT_LOGGED_IN');
  }
}

export class InvalidInput extends AppError {
  constructor(detail: string) {
    super(400, 'VALIDATION', { detail });
  }
}

export class BadCredentials extends AppError {
  constructor() {
    super(401, 'LOGIN_FAILED');
  }
}

export class ServiceUnavailable extends AppError {
  constructor() {
    super(503, 'SERVICE_UNAVAILABLE');
  }
}
