import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX,
  TOPUP_MAX,
  TOPUP_MIN,
  TOPUP_PRESETS,
  TRANSFER_MIN,
  topupAmountProblem,
  transferAmountProblem,
} from './amounts.ts';

describe('topupAmountProblem', () => {
  it('asks for an amount from the minimum to the maximum, both allowed', () => {
    expect(topupAmountProblem(null)).toBe('required');
    expect(topupAmountProblem(TOPUP_MIN - 1)).toBe('tooSmall');
    expect(topupAmountProblem(0)).toBe('tooSmall');
    expect(topupAmountProblem(TOPUP_MIN)).toBeNull();
    expect(topupAmountProblem(50_000)).toBeNull();
    expect(topupAmountProblem(TOPUP_MAX)).toBeNull();
    expect(topupAmountProblem(TOPUP_MAX + 1)).toBe('tooLarge');
  });

  it('offers only presets a top-up may be', () => {
    expect(TOPUP_PRESETS.length).toBeGreaterThan(0);
    for (const preset of TOPUP_PRESETS) expect(topupAmountProblem(preset)).toBeNull();
    expect(TOPUP_PRESETS.toSorted((a, b) => a - b)).toEqual([...TOPUP_PRESETS]);
  });
});

describe('transferAmountProblem', () => {
  it('asks for an amount from the minimum up to what the saldo holds', () => {
    expect(transferAmountProblem(null, 50_000)).toBe('required');
    expect(transferAmountProblem(TRANSFER_MIN - 1, 50_000)).toBe('tooSmall');
    expect(transferAmountProblem(TRANSFER_MIN, 50_000)).toBeNull();
    expect(transferAmountProblem(50_000, 50_000)).toBeNull();
    expect(transferAmountProblem(50_001, 50_000)).toBe('moreThanSaldo');
  });

  it('says too small before it says more than the saldo, and too large above any form limit', () => {
    expect(transferAmountProblem(500, 0)).toBe('tooSmall');
    expect(transferAmountProblem(AMOUNT_MAX + 1, AMOUNT_MAX * 2)).toBe('tooLarge');
    expect(transferAmountProblem(AMOUNT_MAX, AMOUNT_MAX)).toBeNull();
  });
});
