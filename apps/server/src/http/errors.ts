import type { ErrorCode } from '@portal/shared/error-catalogue';

/** A domain error with its HTTP status and a stable code from the error catalogue. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly params: Record<string, string> = {},
    /** Machine-readable detail for the client, e.g. the field at fault or a captcha demand. */
    readonly value?: Record<string, unknown>,
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

/** A registration or profile field that breaks its rule; the message is the pattern catalogue's. */
export class FieldInvalid extends AppError {
  constructor(field: string, message: string) {
    super(400, 'FIELD_INVALID', { message }, { field });
  }
}
