import { describe, expect, it } from 'vitest';
import { TOPUP_MAX, TOPUP_MIN } from './amounts.ts';
import { readTopupInput, topupInputProblem } from './topupInput.ts';

describe('readTopupInput', () => {
  it('reads dot-grouped whole rupiah within the limits', () => {
    expect(readTopupInput('50.000')).toEqual({ value: 50_000, problem: null });
    expect(readTopupInput('10.000,00')).toEqual({ value: TOPUP_MIN, problem: null });
  });

  it("puts the text's problem before the amount's", () => {
    expect(readTopupInput('')).toEqual({ value: null, problem: 'required' });
    expect(readTopupInput('9.999')).toEqual({ value: 9_999, problem: 'tooSmall' });
    expect(readTopupInput('50.000,50')).toEqual({ value: null, problem: 'decimals' });
    expect(readTopupInput('20.000.001')).toEqual({ value: null, problem: 'tooLarge' });
    expect(readTopupInput(String(TOPUP_MAX))).toEqual({ value: TOPUP_MAX, problem: null });
  });

  it('checks what the input component already read', () => {
    expect(topupInputProblem({ value: null, problem: 'decimals' })).toBe('decimals');
    expect(topupInputProblem({ value: 5_000, problem: null })).toBe('tooSmall');
    expect(topupInputProblem({ value: 30_000_000, problem: null })).toBe('tooLarge');
  });
});
