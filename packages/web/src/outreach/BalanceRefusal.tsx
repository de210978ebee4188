import { Link } from 'wouter';
import { balanceRefusal, type BalanceRefusal, type FlowError } from '@sapa/machines/inbox';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { billingPath } from '../routes.ts';
import * as css from './outreach.css.ts';

/**
 * Whether a send's failure is the project's balance not covering it, and whether the member may
 * pay (the machines' `balanceRefusal`, with the project's permissions); null for any other failure.
 */
export function useBalanceRefusal(error: Pick<FlowError, 'reason'> | null): BalanceRefusal | null {
  const { project } = useProject();
  return balanceRefusal(error, project?.permissions ?? []);
}

/**
 * A send refused for want of the project's balance, said as such: "Saldo proyek tidak cukup", with
 * a link to the project's billing for a member who may pay (`project.billing.pay`); others read the
 * text only. What was written stays where it was (the picker's values, the failed bubble).
 */
export function BalanceRefusalNote({ refusal }: { refusal: BalanceRefusal }) {
  const t = useT();
  const { project } = useProject();
  return (
    <span className={css.balanceRefusal} data-testid="balance-refused">
      <span>{t('outreach.balance.refused')}</span>
      {refusal.mayPay && project !== null ? (
        <Link href={billingPath(project.key)} className={css.balanceLink} data-testid="balance-refused-pay">
          {t('outreach.balance.pay')}
        </Link>
      ) : null}
    </span>
  );
}
