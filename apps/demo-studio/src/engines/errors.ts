/** A bet or request the engine refuses; `code` is stable so a server can map it to a 4xx and a translated message. */
export class EngineError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

export function requirePositiveMinor(amountMinor: bigint, what = 'stake'): void {
  if (typeof amountMinor !== 'bigint' || amountMinor <= 0n) {
    throw new EngineError('invalid_amount', `${what} must be a positive bigint in minor units`);
  }
}
