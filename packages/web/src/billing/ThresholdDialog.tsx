import { Form } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { AMOUNT_MAX } from '@sapa/sdk';
import {
  selectCanSaveThreshold,
  selectThresholdActor,
  selectThresholdError,
  selectThresholdFieldError,
  selectThresholdValue,
} from '@sapa/machines/billing';
import { Button } from '../components/Button.tsx';
import { CurrencyInput } from '../components/CurrencyInput.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import type { ProjectBillingActor, ThresholdActor } from './types.ts';
import * as css from './billing.css.ts';

/** The low-balance threshold (billingThresholdMachine): an amount, or none. */
export function ThresholdDialog({ actor }: { actor: ProjectBillingActor }) {
  const t = useT();
  const threshold = useSelector(actor, selectThresholdActor);
  if (threshold === undefined) return null;
  return (
    <ModalDialog
      title={t('projectBilling.threshold.title')}
      isOpen
      onOpenChange={(open) => {
        if (!open) threshold.send({ type: 'threshold.cancel' });
      }}
    >
      <ThresholdForm threshold={threshold} />
    </ModalDialog>
  );
}

function ThresholdForm({ threshold }: { threshold: ThresholdActor }) {
  const t = useT();
  const value = useSelector(threshold, selectThresholdValue);
  const fieldError = useSelector(threshold, selectThresholdFieldError);
  const error = useSelector(threshold, selectThresholdError);
  const canSave = useSelector(threshold, selectCanSaveThreshold);
  const saving = useSelector(threshold, (snapshot) => snapshot.hasTag('busy'));
  return (
    <Form
      className={dialog.form}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        threshold.send({ type: 'threshold.save' });
      }}
    >
      <p className={css.muted}>{t('projectBilling.threshold.hint')}</p>
      <CurrencyInput
        label={t('projectBilling.threshold.amount')}
        value={value}
        max={AMOUNT_MAX}
        onChange={(amount, problem) => threshold.send({ type: 'threshold.amount', value: amount, problem })}
        error={fieldError}
        description={t('projectBilling.threshold.amountHint')}
        isDisabled={saving}
        testId="threshold-amount"
      />
      {error === null ? null : (
        <p className={css.error} role="alert">
          {t('projectBilling.threshold.failed', { message: error.message })}
        </p>
      )}
      <div className={dialog.actions}>
        <Button
          tone="ghost"
          isDisabled={saving || value === null}
          onPress={() => threshold.send({ type: 'threshold.clear' })}
        >
          {t('projectBilling.threshold.clear')}
        </Button>
        <Button tone="secondary" onPress={() => threshold.send({ type: 'threshold.cancel' })}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" isDisabled={!canSave} data-testid="threshold-save">
          {saving ? t('projectBilling.threshold.saving') : t('projectBilling.threshold.save')}
        </Button>
      </div>
    </Form>
  );
}
