import type { FastifyRequest } from 'fastify';

// Query parameters that carry a secret: the token of an e-mailed reset link, codes, a captcha id.
const SECRET_PARAMS = /([?&](?:resetToken|token|code|verificationCode|captchaId)=)[^&#]*/gi;

/** Request lines for the log, with secrets in the address replaced; bodies are never logged. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_PARAMS, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
  };
}
