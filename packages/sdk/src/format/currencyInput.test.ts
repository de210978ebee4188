import { describe, expect, it } from 'vitest';
import { currencyInputPlaceholder, formatCurrencyInput, parseCurrencyInput } from './currencyInput.ts';

describe('currency input', () => {
  it('has the placeholder 000.000', () => {
    expect(currencyInputPlaceholder).toBe('000.000');
  });

  it('parses dot-grouped, comma-decimal text', () => {
    expect(parseCurrencyInput('1.500.000,50')).toBe(1500000.5);
    expect(parseCurrencyInput('150.000')).toBe(150000);
    expect(parseCurrencyInput('Rp 2.000')).toBe(2000);
    expect(parseCurrencyInput(',5')).toBe(0.5);
    expect(parseCurrencyInput('')).toBeNull();
    expect(parseCurrencyInput('abc')).toBeNull();
  });

  it('formats a number with dots and a comma', () => {
    expect(formatCurrencyInput(1500000.5)).toBe('1.500.000,5');
    expect(formatCurrencyInput(150000)).toBe('150.000');
    expect(formatCurrencyInput(999)).toBe('999');
    expect(formatCurrencyInput(0.25)).toBe('0,25');
    expect(formatCurrencyInput(Number.NaN)).toBe('');
  });

  it('re-groups text as the user types it', () => {
    expect(formatCurrencyInput('1500000')).toBe('1.500.000');
    expect(formatCurrencyInput('1.500.0000')).toBe('15.000.000');
    expect(formatCurrencyInput('1500000,')).toBe('1.500.000,');
    expect(formatCurrencyInput('1500000,567')).toBe('1.500.000,56');
    expect(formatCurrencyInput('00012')).toBe('12');
    expect(formatCurrencyInput(',5')).toBe('0,5');
    expect(formatCurrencyInput('')).toBe('');
  });

  it('round-trips', () => {
    expect(parseCurrencyInput(formatCurrencyInput(1234567.89))).toBe(1234567.89);
  });
});
