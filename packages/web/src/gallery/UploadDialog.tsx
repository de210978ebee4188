import { useEffect, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { isTrayItemPending, isTrayItemReady } from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { Uploader, type UploaderItem } from '../uploads/LazyUploader.tsx';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/** `gallery_add` keeps at most 100 files at once. */
const MAX_FILES = 100;

/**
 * "Unggah": the shared uploader (FilePond, `/upload/{key}`), then "Simpan ke galeri" keeps the
 * processed files (gallery_add). The dialog closes once the machine kept them.
 */
export function UploadDialog({
  actor,
  projectKey,
  onClose,
}: {
  actor: GalleryActor;
  projectKey: string;
  onClose(): void;
}) {
  const t = useT();
  const [files, setFiles] = useState<readonly UploaderItem[]>([]);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('adding'));
  const error = useSelector(actor, (snapshot) => snapshot.context.addError);
  const added = useSelector(actor, (snapshot) => snapshot.context.added);
  const addedWhenOpened = useRef(added);
  const close = () => {
    actor.send({ type: 'gallery.dismiss' });
    onClose();
  };
  useEffect(() => {
    if (added !== addedWhenOpened.current) onClose();
  }, [added, onClose]);
  const ids = files.filter(isTrayItemReady).map((file) => file.serverId);
  const inProgress = files.some(isTrayItemPending);
  return (
    <ModalDialog
      title={t('gallery.uploadTitle')}
      isOpen
      size="lg"
      onOpenChange={(open) => (open || saving ? null : close())}
    >
      <p className={css.meta}>{t('gallery.uploadHint')}</p>
      <Uploader
        projectKey={projectKey}
        allowMultiple
        maxFiles={MAX_FILES}
        disabled={saving}
        onChange={setFiles}
      />
      <FormError message={error ? t('gallery.saveFailed', { message: error.message }) : null} />
      <div className={dialog.actions}>
        <Button tone="secondary" isDisabled={saving} onPress={close}>
          {t('common.cancel')}
        </Button>
        <Button
          data-testid="gallery-save"
          isDisabled={saving || inProgress || ids.length === 0}
          onPress={() => actor.send({ type: 'gallery.add', ids })}
        >
          {saving ? t('gallery.saving') : t('gallery.save')}
        </Button>
      </div>
    </ModalDialog>
  );
}
