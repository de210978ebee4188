import { useSelector } from '@xstate/react';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/** Asks before a file leaves the gallery (gallery_delete); a refusal stays shown for a retry. */
export function DeleteDialog({ actor }: { actor: GalleryActor }) {
  const t = useT();
  const target = useSelector(actor, (snapshot) => snapshot.context.deleteTarget);
  const error = useSelector(actor, (snapshot) => snapshot.context.deleteError);
  const busy = useSelector(actor, (snapshot) => snapshot.hasTag('deleting'));
  const cancel = () => actor.send({ type: 'gallery.cancelDelete' });
  return (
    <ModalDialog
      title={t('gallery.deleteTitle', { name: target?.filename ?? '' })}
      isOpen
      onOpenChange={(open) => (open || busy ? null : cancel())}
    >
      <p className={css.meta}>{t('gallery.deleteBody')}</p>
      <FormError message={error ? t('gallery.deleteFailed', { message: error.message }) : null} />
      <div className={dialog.actions}>
        <Button tone="secondary" isDisabled={busy} onPress={cancel}>
          {t('common.cancel')}
        </Button>
        <Button
          data-testid="gallery-delete-confirm"
          isDisabled={busy}
          onPress={() => actor.send({ type: 'gallery.confirmDelete' })}
        >
          {t('gallery.delete')}
        </Button>
      </div>
    </ModalDialog>
  );
}
