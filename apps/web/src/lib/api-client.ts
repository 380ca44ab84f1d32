import type { Envelope } from '@portal/shared/api';

/**
 * A failed call: the server's stable code and translated message, the HTTP status (0 when offline) and,
 * for some errors, the envelope's value (the invalid field, a captcha demand).
 */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly value: unknown;

  constructor(code: string, message: string, status: number, value?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.value = value;
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  params?: QueryParams;
  /** Sent as the `language` query parameter and as Accept-Language. */
  language?: string;
  /** Send the language as Accept-Language only: for calls whose query schema takes no other parameter. */
  languageHeaderOnly?: boolean;
  signal?: AbortSignal;
}

export interface SendOptions extends RequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as application/x-www-form-urlencoded instead of JSON. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data (files); the browser writes the boundary into Content-Type. */
  multipart?: FormData;
  /** Extra request headers, such as the Idempotency-Key of a call that moves money. */
  headers?: Record<string, string>;
}

function buildUrl(path: string, options: RequestOptions): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.params ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  if (options.language && !options.languageHeaderOnly) search.set('language', options.language);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'success' in body && 'code' in body;
}

async function request<T>(method: string, path: string, options: SendOptions): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (options.language) headers['Accept-Language'] = options.language;
  let body: string | FormData | undefined;
  if (options.multipart) {
    body = options.multipart;
  } else if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options), {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK', 'Network link is abnormal, please try again', 0);
  }

  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    throw new ApiError('BAD_RESPONSE', response.statusText || 'Unknown error', response.status);
  }
  if (!isEnvelope(payload)) throw new ApiError('BAD_RESPONSE', 'Unknown error', response.status);
  if (!response.ok || !payload.success) {
    throw new ApiError(payload.code || 'UNKNOWN', payload.message ?? 'Unknown error', response.status, payload.value);
  }
  return payload.value as T;
}

/** GET a JSON envelope and return its value, or throw an ApiError. It never touches the UI. */
export function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', path, options);
}

/** POST, PUT, PATCH or DELETE with a JSON (or form) body; the same envelope handling as apiGet. */
export function apiSend<T>(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: SendOptions = {},
): Promise<T> {
  return request<T>(method, path, options);
}
