/** Password hashing. Ground, not a feature: auth, drivers (erasure), staff invitations and the first owner all hash or check passwords. */
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: a const enum, which verbatimModuleSyntax cannot import. */
const ARGON2ID = 2;

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * No stored hash (a customer staff added, who has not set a password yet) matches nothing, after
 * the same work as a real check.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return verifyAgainstDummy(password);
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a crash.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, so an unknown e-mail cannot be told apart
 * from a wrong password by how long the answer takes.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
