import type { Envelope } from '@portal/shared/api';

/** A failed call: the server's stable code and translated message, plus the HTTP status (0 when offline). */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;

  constructor(code: string, message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
  }
}

export type QueryParams = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  params?: QueryParams;
  /** Sent as the `language` query parameter and as Accept-Language. */
  language?: string;
  signal?: AbortSignal;
}

function buildUrl(path: string, options: RequestOptions): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.params ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  if (options.language) search.set('language', options.language);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'success' in body && 'code' in body;
}

/** GET a JSON envelope and return its value, or throw an ApiError. It never touches the UI. */
export async function apiGet<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.language) headers['Accept-Language'] = options.language;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options), {
      method: 'GET',
      headers,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError('NETWORK', 'Network link is abnormal, please try again', 0);
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError('BAD_RESPONSE', response.statusText || 'Unknown error', response.status);
  }
  if (!isEnvelope(body)) throw new ApiError('BAD_RESPONSE', 'Unknown error', response.status);
  if (!response.ok || !body.success) {
    throw new ApiError(body.code || 'UNKNOWN', body.message ?? 'Unknown error', response.status);
  }
  return body.value as T;
}
