/**
 * What a member may do with a project's balance (`/project/billing/{key}`, SPEC.md section 6:
 * `project.billing.menu`, `view`, `pay`), and what a send refused for want of balance means to
 * them. The billing acts' access is repeated here as data (a test keeps it equal to the
 * contract's `acts`), so the chat does not bundle the contract to read it.
 */
import { can } from '@sapa/sdk';
import type { ActAccess, ActName } from '@sapa/sdk';
import type { FlowError } from './actError.ts';
import { mayCall } from './projectAccess.ts';

/** The access of the project billing acts, as the contract declares it. */
export const billingActAccess = {
  billing_get: { permission: 'project.billing.view' },
  billing_ledger: { permission: 'project.billing.view' },
  billing_export: { permission: 'project.billing.view' },
  billing_spend: { permission: 'project.billing.view' },
  billing_statement: { permission: 'project.billing.view' },
  billing_pay: { permission: 'project.billing.pay' },
  billing_threshold_set: { permission: 'project.billing.pay' },
} as const satisfies Partial<Record<ActName, ActAccess>>;

export interface BillingPermissions {
  /** The menu entry and the route (`project.billing.menu`). */
  menu: boolean;
  /** The page: the balance, prices, spend, statements and the ledger (`project.billing.view`). */
  view: boolean;
  /** "Bayar" from one's saldo, and the low-balance threshold (`project.billing.pay`). */
  pay: boolean;
}

export function billingPermissions(permissions: readonly string[]): BillingPermissions {
  return {
    menu: can(permissions, 'project.billing.menu'),
    view: mayCall(permissions, billingActAccess.billing_get),
    pay: mayCall(permissions, billingActAccess.billing_pay),
  };
}

/** A send the project's balance could not cover, as the chat shows it. */
export interface BalanceRefusal {
  /** The member may move money into the project (`project.billing.pay`): the link to billing shows. */
  mayPay: boolean;
}

/**
 * Whether a send's failure is the project's balance not covering it (`insufficient_balance`,
 * answered by `message_send` and `conversation_start` before anything goes to Meta), and whether
 * the member may pay; null for any other failure (or none). The draft stays where it was.
 */
export function balanceRefusal(
  error: Pick<FlowError, 'reason'> | null | undefined,
  permissions: readonly string[],
): BalanceRefusal | null {
  if (error?.reason !== 'insufficient_balance') return null;
  return { mayPay: mayCall(permissions, billingActAccess.billing_pay) };
}
