import { describe, expect, it } from 'vitest';
import { seededRandom } from '../simulator/random.ts';
import { DemoTraffic } from './DemoTraffic.ts';

const HOUR = 3_600_000;

describe('DemoTraffic', () => {
  it('writes texts mostly, sometimes replies, photos, voice notes, locations and contact cards', () => {
    const traffic = new DemoTraffic(seededRandom(7), 300, 340);
    const kinds = new Map<string, number>();
    for (let index = 0; index < 2_000; index += 1) {
      const { customer, message } = traffic.next();
      expect(customer).toBeGreaterThanOrEqual(0);
      expect(customer).toBeLessThan(340);
      const kind = typeof message === 'string' ? 'text' : message.kind;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    expect([...kinds.keys()].sort()).toEqual(['audio', 'contacts', 'image', 'location', 'reply', 'text']);
    expect(kinds.get('text')).toBeGreaterThan(1_200);
  });

  it("has customers ask the price and say they have transferred now and then (the demo rules' words)", () => {
    const traffic = new DemoTraffic(seededRandom(5), 300, 340);
    const texts = Array.from({ length: 1_000 }, () => traffic.next().message).filter(
      (message): message is string => typeof message === 'string',
    );
    const share = (word: RegExp) => texts.filter((text) => word.test(text)).length / texts.length;
    // Where a word starts, as the rules' `contains` keywords match ("Harganya", "transfer").
    for (const word of [/(^|\P{L})harga/iu, /(^|\P{L})transfer/iu]) {
      expect(share(word)).toBeGreaterThan(0.04);
      expect(share(word)).toBeLessThan(0.25);
    }
  });

  it("greets on a new customer's first message", () => {
    const traffic = new DemoTraffic(seededRandom(3), 0, 5);
    const first = new Map<number, unknown>();
    for (let index = 0; index < 200; index += 1) {
      const { customer, message } = traffic.next();
      if (!first.has(customer)) first.set(customer, message);
    }
    expect(first.size).toBe(5);
    for (const message of first.values()) expect(typeof message).toBe('string');
  });

  it('places the messages of a first start in the last 18 hours, on different customers, oldest first', () => {
    const now = Date.UTC(2026, 2, 2, 8);
    const recent = new DemoTraffic(seededRandom(1), 300, 340).recent(now, { returning: 8, fresh: 3 });
    expect(recent).toHaveLength(11);
    expect(new Set(recent.map((write) => write.customer)).size).toBe(11);
    expect(recent.filter((write) => write.customer >= 300)).toHaveLength(3);
    for (const write of recent) {
      expect(typeof write.message).toBe('string');
      expect(write.atMs).toBeLessThan(now);
      expect(write.atMs).toBeGreaterThan(now - 24 * HOUR);
    }
    expect(recent.map((write) => write.atMs)).toEqual(
      [...recent.map((write) => write.atMs)].sort((a, b) => a - b),
    );
  });
});
