import { useSelector } from '@xstate/react';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { StagesActor } from './types.ts';
import * as css from './stages.css.ts';

/** Asks before a stage goes (stage_delete); a refusal stays shown for a retry. */
export function DeleteStageDialog({ actor }: { actor: StagesActor }) {
  const t = useT();
  const target = useSelector(actor, (snapshot) => snapshot.context.deleteTarget);
  const error = useSelector(actor, (snapshot) => snapshot.context.deleteError);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('deleting'));
  const cancel = () => actor.send({ type: 'stages.cancel' });
  return (
    <ModalDialog
      title={t('stages.deleteTitle', { name: target?.name ?? '' })}
      isOpen
      onOpenChange={(open) => (open || busy ? null : cancel())}
    >
      <p className={css.muted}>{t('stages.deleteBody')}</p>
      <FormError message={error ? t('stages.deleteFailed', { message: error.message }) : null} />
      <div className={dialog.actions}>
        <Button tone="secondary" isDisabled={busy} onPress={cancel}>
          {t('common.cancel')}
        </Button>
        <Button
          data-testid="stage-delete-confirm"
          isDisabled={busy}
          onPress={() => actor.send({ type: 'stages.confirmDelete' })}
        >
          {t('stages.delete')}
        </Button>
      </div>
    </ModalDialog>
  );
}
