import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema.ts';
import { SessionCache } from './SessionCache.ts';

const user = (id: string) => ({ id }) as UserRow;
const far = new Date(Date.UTC(2100, 0, 1));

describe('SessionCache', () => {
  it('reuses a lookup for its time to live, never past the session expiry', () => {
    const cache = new SessionCache(5000);
    cache.set('h1', { sessionId: 's1', user: user('u1') }, far, 1000);
    expect(cache.get('h1', 5999)?.sessionId).toBe('s1');
    expect(cache.get('h1', 6000)).toBeUndefined();
    cache.set('h2', { sessionId: 's2', user: user('u1') }, new Date(2000), 1000);
    expect(cache.get('h2', 2000)).toBeUndefined();
  });

  it('forgets by session and by user', () => {
    const cache = new SessionCache(5000);
    cache.set('a', { sessionId: 's1', user: user('u1') }, far, 0);
    cache.set('b', { sessionId: 's2', user: user('u1') }, far, 0);
    cache.set('c', { sessionId: 's3', user: user('u2') }, far, 0);
    cache.forgetSession('s1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    cache.forgetUser('u1');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('stays within its size and is off at 0', () => {
    const cache = new SessionCache(5000, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, { sessionId: key, user: user('u') }, far, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBeDefined();
    const off = new SessionCache(0);
    off.set('a', { sessionId: 'a', user: user('u') }, far, 0);
    expect(off.get('a', 0)).toBeUndefined();
  });
});
