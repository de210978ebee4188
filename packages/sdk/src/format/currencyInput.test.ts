import { describe, expect, it } from 'vitest';
import {
  caretAfterMarks,
  caretMarks,
  currencyInputPlaceholder,
  formatCurrencyInput,
  formatRupiahInput,
  parseCurrencyInput,
  readRupiahInput,
  RUPIAH_INPUT_MAX,
  typeRupiah,
} from './currencyInput.ts';

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

describe('rupiah input (whole rupiah)', () => {
  it('reads whole rupiah, with or without zero cents', () => {
    expect(readRupiahInput('1.500.000')).toEqual({ value: 1500000, problem: null });
    expect(readRupiahInput('1.500,00')).toEqual({ value: 1500, problem: null });
    expect(readRupiahInput('0')).toEqual({ value: 0, problem: null });
    expect(readRupiahInput('Rp 2.000')).toEqual({ value: 2000, problem: null });
    expect(readRupiahInput('')).toEqual({ value: null, problem: null });
    expect(readRupiahInput('Rp')).toEqual({ value: null, problem: null });
  });

  it('says what is wrong instead of guessing a value', () => {
    expect(readRupiahInput('1.500,50')).toEqual({ value: null, problem: 'decimals' });
    expect(readRupiahInput(',5')).toEqual({ value: null, problem: 'decimals' });
    // An English-style amount: the comma is the decimal separator, so its digits are cents.
    expect(readRupiahInput('1,500,000')).toEqual({ value: null, problem: 'decimals' });
    expect(readRupiahInput('9.007.199.254.740.991')).toEqual({ value: RUPIAH_INPUT_MAX, problem: null });
    expect(readRupiahInput('9.007.199.254.740.992')).toEqual({ value: null, problem: 'tooLarge' });
    expect(readRupiahInput('1.000.001', 1000000)).toEqual({ value: null, problem: 'tooLarge' });
  });

  it('groups the whole part as it is typed and keeps every digit after the comma', () => {
    expect(formatRupiahInput('1500000')).toBe('1.500.000');
    expect(formatRupiahInput('1.500.0000')).toBe('15.000.000');
    expect(formatRupiahInput('00012')).toBe('12');
    expect(formatRupiahInput('1500,')).toBe('1.500,');
    expect(formatRupiahInput('1500,505')).toBe('1.500,505');
    expect(formatRupiahInput('1,500,000')).toBe('1,500000');
    expect(formatRupiahInput('Rp 2.000')).toBe('2.000');
    expect(formatRupiahInput('abc')).toBe('');
  });

  it('round-trips whole rupiah through the shown text', () => {
    for (const amount of [0, 7, 1000, 150000, 1234567890])
      expect(readRupiahInput(formatCurrencyInput(amount)).value).toBe(amount);
  });

  it('keeps the caret after the same digit when dots come and go', () => {
    // '1500|0' typed into '1.500' -> '15.000', the caret after the 4th digit.
    expect(caretMarks('15000', 4)).toBe(4);
    expect(caretAfterMarks('15.000', 4)).toBe(5);
    // Deleting the dot's neighbour: '1.5|00.000' -> caret after '15'.
    expect(caretMarks('1.500.000', 3)).toBe(2);
    expect(caretAfterMarks('1.500.000', 2)).toBe(3);
    expect(caretAfterMarks('1.500,5', 5)).toBe(6);
    expect(caretAfterMarks('12', 0)).toBe(0);
    expect(caretAfterMarks('12', 5)).toBe(2);
  });
});

describe('typing rupiah', () => {
  it('regroups, keeps the caret after the same digit, and reads the value at each keystroke', () => {
    // '1.500' with a 0 typed after the 5: '1.5|00' -> '1.50|00'.
    expect(typeRupiah('1.5000', 4)).toEqual({ text: '15.000', caret: 4, value: 15000, problem: null });
    // A digit typed at the end.
    expect(typeRupiah('150.0001', 8)).toEqual({ text: '1.500.001', caret: 9, value: 1500001, problem: null });
    // Backspace over a dot's neighbour: '1.500.00|0' minus its last 0.
    expect(typeRupiah('1.500.00', 8)).toEqual({ text: '150.000', caret: 7, value: 150000, problem: null });
    // A comma and cents: kept as typed, and no value.
    expect(typeRupiah('1.500,5', 7)).toEqual({ text: '1.500,5', caret: 7, value: null, problem: 'decimals' });
    // A paste with letters and spaces.
    expect(typeRupiah('Rp 2.500.000', 12)).toEqual({
      text: '2.500.000',
      caret: 9,
      value: 2500000,
      problem: null,
    });
    // Everything deleted.
    expect(typeRupiah('', 0)).toEqual({ text: '', caret: 0, value: null, problem: null });
    expect(typeRupiah('2000', 4, 1000)).toMatchObject({ text: '2.000', value: null, problem: 'tooLarge' });
  });
});
