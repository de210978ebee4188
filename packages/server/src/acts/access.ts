import type { ActAccess } from '../sdk.ts';
import { findSession } from '../auth/sessions.ts';
import { sha256 } from '../security/secrets.ts';
import type { Caller } from '../auth/sessions.ts';
import { ActError } from './ActError.ts';
import type { Services } from './context.ts';

/**
 * Decides a `{ permission }` act: may this user do `permission` (a dotted path of the permission
 * tree, e.g. `crm.label.add`) in the project `key`? Projects arrive in a later issue, with the
 * membership check that replaces `denyAllPermissions`.
 */
export type PermissionCheck = (request: {
  userId: string;
  key: string | null;
  permission: string;
}) => Promise<boolean>;

export const denyAllPermissions: PermissionCheck = async () => false;

/** Resolves the caller when the act needs one; `unauthenticated` without a live session. */
export async function authenticate(
  access: ActAccess,
  token: string | null,
  services: Services,
  now: Date,
): Promise<Caller | null> {
  if (access === 'public') return null;
  const caller = token === null ? null : await lookUp(token, services, now);
  if (caller === null) throw new ActError('unauthenticated');
  return caller;
}

async function lookUp(token: string, services: Services, now: Date): Promise<Caller | null> {
  const tokenHash = sha256(token);
  const cached = services.sessionCache.get(tokenHash, now.getTime());
  if (cached !== undefined) return cached;
  const found = await findSession(services.db, tokenHash, now);
  if (found === null) return null;
  services.sessionCache.set(tokenHash, found.caller, found.expiresAt, now.getTime());
  return found.caller;
}

/** Checks a permission act against the project named by the input's `key`. */
export async function authorize(
  access: ActAccess,
  input: unknown,
  caller: Caller | null,
  services: Services,
): Promise<void> {
  if (typeof access === 'string') return;
  if (caller === null) throw new ActError('unauthenticated');
  const key =
    typeof input === 'object' && input !== null && 'key' in input && typeof input.key === 'string'
      ? input.key
      : null;
  const allowed = await services.permissions({ userId: caller.user.id, key, permission: access.permission });
  if (!allowed) throw new ActError('forbidden');
}
