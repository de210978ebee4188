import { describe, expect, it } from 'vitest';
import { createCustomers } from './customers.ts';

describe('createCustomers', () => {
  it('gives the same customers for the same seed, namesakes included', () => {
    expect(createCustomers(40, 7)).toEqual(createCustomers(40, 7));
    const names = createCustomers(300, 1).map((customer) => customer.name);
    // The demo's inbox is like a real one: some customers share a name.
    expect(new Set(names).size).toBeLessThan(names.length);
  });

  it('with distinctNames, no name holds another, whatever the seed', () => {
    for (let seed = 0; seed < 500; seed += 1) {
      const names = createCustomers(5, seed, { distinctNames: true }).map((customer) => customer.name);
      for (const [i, name] of names.entries()) {
        for (const [j, other] of names.entries()) {
          if (i !== j) expect(other.includes(name), `seed ${seed}: "${other}" holds "${name}"`).toBe(false);
        }
      }
    }
  });
});
