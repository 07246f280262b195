import argon2 from 'argon2';

/**
 * Password hashing for every account of the shop — customers (issue 4) and staff (issue 15); docs/security.md:
 * argon2id with 19 MiB of memory, 2 iterations, 1 lane — the OWASP minimum for argon2id — in the PHC string
 * format, salt included. Hashes made with weaker settings are upgraded at the next successful sign-in.
 */
const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The argon2id hash (PHC string) of a password. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `hash`. Without a hash (unknown account, no password set) a dummy hash is
 * verified all the same, so the answer takes as long and tells nothing about the account.
 */
export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('dummy password 0');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Whether a stored hash was made with settings other than the current ones. */
export function passwordNeedsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, PASSWORD_HASH_OPTIONS);
}
