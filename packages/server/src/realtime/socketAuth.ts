/**
 * The handshake check of every socket: the session token from `authorization: Bearer <token>`
 * (browsers, sent on the polling handshake) or `auth.token` (Node clients), looked up exactly as
 * the act endpoint does (`authenticate` in acts/access.ts, through the session cache). A socket
 * without a live session is refused with a `connect_error` whose message is `unauthenticated`.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { ActError } from '../acts/ActError.ts';
import { authenticate } from '../acts/access.ts';
import type { Services } from '../acts/context.ts';
import { divisionsByProject } from '../crm/divisions.ts';
import { listMemberships } from '../projects/projects.ts';
import type { PermissionKey } from '../sdk.ts';

/** What the server keeps on each authenticated socket (`socket.data`). */
export interface SocketData {
  userId: string;
  sessionId: string;
  /** The push (FCM) token the client sent as `x-fcm-token`, if any. */
  fcm: string | null;
  /**
   * The user's projects at connection time, with their permissions and divisions there (they
   * decide the rooms).
   */
  memberships: { key: string; permissions: PermissionKey[]; divisionIds: string[] }[];
}

/** The `data` of a refused handshake's `connect_error`. */
export interface RefusalData {
  reason: 'unauthenticated' | 'unavailable' | 'too_many_connections';
  msg: string;
}

export class SocketRefusal extends Error {
  readonly data: RefusalData;
  constructor(reason: RefusalData['reason'], msg: string) {
    super(reason);
    this.name = 'SocketRefusal';
    this.data = { reason, msg };
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first;
}

/** The session token of a handshake: the Bearer header first, then `auth.token`. */
export function handshakeToken(headers: IncomingHttpHeaders, auth: Record<string, unknown>): string | null {
  const authorization = header(headers, 'authorization');
  const bearer = authorization === null ? null : /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  if (bearer !== undefined && bearer !== null) return bearer;
  return typeof auth['token'] === 'string' && auth['token'] !== '' ? auth['token'] : null;
}

/** The push token of a handshake: the `x-fcm-token` header, then `auth.fcm`. */
export function handshakePushToken(
  headers: IncomingHttpHeaders,
  auth: Record<string, unknown>,
): string | null {
  const fcm = header(headers, 'x-fcm-token');
  if (fcm !== null) return fcm;
  return typeof auth['fcm'] === 'string' && auth['fcm'] !== '' ? auth['fcm'] : null;
}

/** The socket.io middleware: resolves the caller and their projects into `socket.data`. */
export function socketAuth(services: Services, log: FastifyBaseLogger) {
  return async (socket: Socket, next: (error?: Error) => void): Promise<void> => {
    const { headers, auth } = socket.handshake;
    const token = handshakeToken(headers, auth);
    try {
      const caller = await authenticate('user', token, services, services.now());
      if (caller === null) throw new ActError('unauthenticated');
      const [memberships, divisions] = await Promise.all([
        listMemberships(services.db, caller.user.id),
        divisionsByProject(services.db, caller.user.id),
      ]);
      const data: SocketData = {
        userId: caller.user.id,
        sessionId: caller.sessionId,
        fcm: handshakePushToken(headers, auth),
        memberships: memberships.map((membership) => ({
          key: membership.project.key,
          permissions: membership.permissions,
          divisionIds: divisions.get(membership.project.key) ?? [],
        })),
      };
      socket.data = data;
      next();
    } catch (error) {
      if (error instanceof ActError && error.reason === 'unauthenticated') {
        next(
          new SocketRefusal(
            'unauthenticated',
            'No live session: send the session token as "authorization: Bearer <token>".',
          ),
        );
        return;
      }
      log.warn({ err: error }, 'socket authentication failed');
      next(new SocketRefusal('unavailable', 'The server could not check the session; try again.'));
    }
  };
}
