/** The socket.io rooms of the real-time layer: one per user, one per project (by its key). */
export function userRoom(userId: string): `user:${string}` {
  return `user:${userId}`;
}

export function projectRoom(key: string): `project:${string}` {
  return `project:${key}`;
}
