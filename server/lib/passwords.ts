import { hash, verify } from '@node-rs/argon2';

/** argon2id with the OWASP minimum (docs/decisions.md decision 1): m=19456 KiB, t=2, p=1. */
const PARAMS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable as a value here)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown user) it still spends the
 * time of one verification against a dummy, so the answer's timing does not reveal accounts.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('tribe36-dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
