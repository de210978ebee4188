/**
 * A top-up amount as typed into the currency input: the rupiah input's rules (`readRupiahInput`:
 * dot groups, no cents, at most `TOPUP_MAX`) and then the top-up's own (`topupAmountProblem`: at
 * least `TOPUP_MIN`).
 */
import { readRupiahInput } from '../format/currencyInput.ts';
import type { RupiahInput, RupiahInputProblem } from '../format/currencyInput.ts';
import { TOPUP_MAX, topupAmountProblem } from './amounts.ts';
import type { TopupAmountProblem } from './amounts.ts';

/** What is wrong with a typed top-up: the text's problem first, then the amount's. */
export type TopupInputProblem = Exclude<RupiahInputProblem, null> | TopupAmountProblem;

/** The problem of what the rupiah input read (its `problem`, else the amount's). */
export function topupInputProblem(input: RupiahInput): TopupInputProblem {
  return input.problem ?? topupAmountProblem(input.value);
}

/** `'50.000'` -> 50000 and no problem; `'5.000'` -> tooSmall; `'50.000,5'` -> decimals; `''` -> required. */
export function readTopupInput(text: string): { value: number | null; problem: TopupInputProblem } {
  const input = readRupiahInput(text, TOPUP_MAX);
  return { value: input.value, problem: topupInputProblem(input) };
}
