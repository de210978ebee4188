import { useSelector } from '@xstate/react';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { LabelsActor } from './types.ts';
import * as css from './labels.css.ts';

/** Asks before a label is deleted (label_delete); a refusal stays shown for a retry. */
export function DeleteLabelDialog({ actor }: { actor: LabelsActor }) {
  const t = useT();
  const target = useSelector(actor, (snapshot) => snapshot.context.deleteTarget);
  const error = useSelector(actor, (snapshot) => snapshot.context.deleteError);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('deleting'));
  const cancel = () => actor.send({ type: 'labels.cancel' });
  return (
    <ModalDialog
      title={t('labels.deleteTitle', { name: target?.name ?? '' })}
      isOpen
      onOpenChange={(open) => (open || busy ? null : cancel())}
    >
      <p className={css.muted}>{t('labels.deleteBody', { count: target?.customers ?? 0 })}</p>
      <FormError message={error ? t('labels.deleteFailed', { message: error.message }) : null} />
      <div className={dialog.actions}>
        <Button tone="secondary" isDisabled={busy} onPress={cancel}>
          {t('common.cancel')}
        </Button>
        <Button
          data-testid="label-delete-confirm"
          isDisabled={busy}
          onPress={() => actor.send({ type: 'labels.confirmDelete' })}
        >
          {t('labels.delete')}
        </Button>
      </div>
    </ModalDialog>
  );
}
