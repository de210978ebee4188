/**
 * The low-balance threshold of a project (`billing_threshold_set`): below it the members who see
 * billing are told once per crossing, and the billing page and the home page's card warn.
 */
import type { ProjectBilling } from '../contract/billingTypes.ts';

/** Whether the balance is below the project's threshold (never, without one). */
export function isLowBalance(billing: Pick<ProjectBilling, 'balance' | 'lowBalanceThreshold'>): boolean {
  return billing.lowBalanceThreshold !== null && billing.balance < billing.lowBalanceThreshold;
}
