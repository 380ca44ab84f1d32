import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id of @node-rs/argon2, a const enum that isolated modules cannot read.
const ARGON2ID = 2;

/** OWASP's argon2id minimum: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_PARAMS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_PARAMS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}
