/** Password hashing: argon2id at OWASP's recommended floor (19 MiB, two passes). */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the login is unknown makes both failures take the same time.
let decoy: Promise<string> | undefined;
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-that-matches-nothing');
  await verifyPassword(await decoy, password);
  return false;
}
