import { type ErrorCode, errorMessage } from '@portal/shared/error-catalogue';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { requestLanguage } from './language.ts';
import { validationDetail } from './validation-detail.ts';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  params = {},
  value?: Record<string, unknown>,
) {
  const message = errorMessage(code, requestLanguage(request), params);
  return reply
    .status(status)
    .send(value ? { success: false, code, message, value } : { success: false, code, message });
}

/** Maps every error to the JSON envelope once; a 5xx body never says anything internal. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(request, reply, error.statusCode, error.code, error.params, error.value);
    }
    if (error.validation) {
      const detail = validationDetail(error.validation, error.validationContext, requestLanguage(request));
      return send(request, reply, 400, 'VALIDATION', { detail });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(request, reply, 413, 'PAYLOAD_TOO_LARGE');
    if (status === 429) return send(request, reply, 429, 'RATE_LIMITED');
    if (status >= 400 && status < 500) return send(request, reply, status, 'VALIDATION', { detail: error.message });
    if (isPoolTimeout(error)) {
      request.log.warn({ err: error }, 'database pool exhausted');
      return send(request, reply, 503, 'SERVICE_UNAVAILABLE');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 500, 'UNKNOWN');
  });
}

function isPoolTimeout(error: Error): boolean {
  return /timeout exceeded when trying to connect|Connection terminated due to connection timeout/i.test(error.message);
}

/**
 * Errors Fastify meets before a route is chosen (a path that is not valid percent-encoded UTF-8, say), answered in
 * the envelope like every other refusal.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, 400, 'VALIDATION', { detail: error.code === 'FST_ERR_BAD_URL' ? 'url' : error.message });
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, 404, 'NOT_FOUND');
}
