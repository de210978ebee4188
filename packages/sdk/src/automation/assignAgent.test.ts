import { describe, expect, it } from 'vitest';
import { pickAgent } from './assignAgent.ts';
import type { AgentCandidate } from './assignAgent.ts';

const at = (iso: string) => new Date(iso);
const pool: AgentCandidate[] = [
  { userId: 'ani', online: true, openConversations: 4, lastAssignedAt: at('2026-03-09T03:00:00Z') },
  { userId: 'budi', online: true, openConversations: 2, lastAssignedAt: at('2026-03-09T03:05:00Z') },
  { userId: 'citra', online: false, openConversations: 0, lastAssignedAt: null },
  { userId: 'dewi', online: true, openConversations: 2, lastAssignedAt: at('2026-03-09T02:00:00Z') },
];
const none = { fallbackUserId: null };

describe('pickAgent', () => {
  it('round robin: the online member assigned longest ago, someone never assigned first', () => {
    expect(pickAgent('round_robin', pool, none)).toBe('dewi');
    const newcomer = { userId: 'eko', online: true, openConversations: 9, lastAssignedAt: null };
    expect(pickAgent('round_robin', [...pool, newcomer], none)).toBe('eko');
  });

  it('round robin turns around the pool as assignments are made', () => {
    let members = pool;
    const picked: string[] = [];
    for (let turn = 0; turn < 4; turn += 1) {
      const userId = pickAgent('round_robin', members, none);
      if (userId === null) throw new Error('someone is online');
      picked.push(userId);
      const now = at(`2026-03-09T04:0${turn}:00Z`);
      members = members.map((member) =>
        member.userId === userId ? { ...member, lastAssignedAt: now } : member,
      );
    }
    expect(picked).toEqual(['dewi', 'ani', 'budi', 'dewi']);
  });

  it('fewest open: the online member with the fewest open conversations, then the one assigned longest ago', () => {
    expect(pickAgent('fewest_open', pool, none)).toBe('dewi');
    const busyDewi = pool.map((member) =>
      member.userId === 'dewi' ? { ...member, openConversations: 5 } : member,
    );
    expect(pickAgent('fewest_open', busyDewi, none)).toBe('budi');
  });

  it('leaves out offline members and the agent a conversation is taken from', () => {
    expect(pickAgent('fewest_open', pool, { fallbackUserId: null, exclude: 'dewi' })).toBe('budi');
    expect(pickAgent('round_robin', pool, { fallbackUserId: null, exclude: 'dewi' })).toBe('ani');
  });

  it('falls back when nobody is online, or answers null without a fallback', () => {
    const offline = pool.map((member) => ({ ...member, online: false }));
    expect(pickAgent('round_robin', offline, { fallbackUserId: 'supervisor' })).toBe('supervisor');
    expect(pickAgent('fewest_open', offline, none)).toBeNull();
    expect(pickAgent('fewest_open', [], { fallbackUserId: 'supervisor' })).toBe('supervisor');
  });

  it('breaks a full tie by the pool’s order', () => {
    const twins: AgentCandidate[] = [
      { userId: 'x', online: true, openConversations: 1, lastAssignedAt: null },
      { userId: 'y', online: true, openConversations: 1, lastAssignedAt: null },
    ];
    expect(pickAgent('round_robin', twins, none)).toBe('x');
    expect(pickAgent('fewest_open', twins, none)).toBe('x');
  });
});
