import { describe, expect, it } from 'vitest';
import { createCustomers } from '../simulator/index.ts';
import { AD_SCENARIO, SCENARIOS } from './scenarios.ts';
import { planConversations } from './seedPlan.ts';

const now = new Date('2026-03-02T08:00:00Z');
const DAY = 86_400_000;
const options = {
  now,
  seed: 3,
  messages: { min: 2, max: 9 },
  windowOpenShare: 0.1,
  unreadShare: 0.25,
  assignedShare: 0.3,
  longThreads: [{ customer: 4, messages: 20_000 }],
};

describe('planConversations', () => {
  const customers = createCustomers(2_000, 5);
  const plan = planConversations(customers, options);
  const turn = (scenario: number, seq: number) => {
    const turns = SCENARIOS[scenario] ?? [];
    return turns[(seq - 1) % turns.length];
  };

  it('is the same for the same customers and seed', () => {
    expect(planConversations(customers, options)).toEqual(plan);
    expect(planConversations(customers, { ...options, seed: 4 })).not.toEqual(plan);
  });

  it('keeps short conversations within one pass of their script, and long threads at their size', () => {
    for (const row of plan) {
      if (row.i === 4) continue;
      expect(row.n).toBeGreaterThanOrEqual(1);
      expect(row.n).toBeLessThanOrEqual(Math.min(9, row.turns));
    }
    expect(plan[4]?.n).toBe(20_000);
  });

  it('ends every unread conversation with that many customer messages, the newest counted as lastInSeq', () => {
    const unread = plan.filter((row) => row.unread > 0);
    expect(unread.length).toBeGreaterThan(300);
    for (const row of plan) {
      expect(turn(row.scenario, row.lastInSeq)?.direction).toBe('in');
      for (let seq = row.lastInSeq + 1; seq <= row.n; seq += 1)
        expect(turn(row.scenario, seq)?.direction).toBe('out');
      for (let back = 0; back < row.unread; back += 1)
        expect(turn(row.scenario, row.n - back)?.direction).toBe('in');
    }
  });

  it('puts about the asked share of customers inside the 24-hour window, and no message in the future', () => {
    const open = plan.filter((row) => row.lastAt - (row.n - row.lastInSeq) * row.gapMs > now.getTime() - DAY);
    expect(open.length / plan.length).toBeGreaterThan(0.07);
    expect(open.length / plan.length).toBeLessThan(0.13);
    for (const row of plan) {
      // The last message plus its jitter (under half a gap) stays before `now`.
      expect(row.lastAt + row.gapMs / 2).toBeLessThan(now.getTime());
      expect(row.firstAt).toBe(row.lastAt - (row.n - 1) * row.gapMs);
    }
  });

  it('gives customers who came from an ad the ad script', () => {
    const fromAd = plan.filter((row) => row.fromAd);
    expect(fromAd.length).toBeGreaterThan(0);
    for (const row of plan) {
      expect(row.fromAd).toBe(customers[row.i]?.fromAd === true);
      if (row.fromAd) expect(row.scenario).toBe(AD_SCENARIO);
    }
  });
});
