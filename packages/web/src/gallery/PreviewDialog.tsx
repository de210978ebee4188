import { formatDate, formatFileSize } from '@sapa/sdk';
import type { GalleryItem } from '@sapa/sdk';
import type { GalleryPermissions } from '@sapa/machines/uploads';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import { KindIcon } from './GalleryTile.tsx';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/** The file as large as it goes: an image, a player for video and audio, a document's card. */
function Media({ file }: { file: GalleryItem }) {
  switch (file.kind) {
    case 'image':
      return <img className={css.previewImage} src={file.url} alt={file.filename} />;
    case 'video':
      return <video className={css.previewMedia} src={file.url} controls preload="metadata" />;
    case 'audio':
      return <audio className={css.previewMedia} src={file.url} controls preload="metadata" />;
    case 'document':
      return (
        <div className={css.previewFile}>
          <KindIcon kind="document" />
          <span className={css.filename} title={file.filename}>
            {file.filename}
          </span>
        </div>
      );
  }
}

/**
 * The preview of one file, with its size, who added it and when, a download link, and (each
 * with its permission) deleting it and sending it in a chat.
 */
export function PreviewDialog({
  actor,
  file,
  may,
  timeZone,
}: {
  actor: GalleryActor;
  file: GalleryItem;
  may: GalleryPermissions;
  timeZone: string;
}) {
  const t = useT();
  const { locale } = usePreferences();
  const date = formatDate(file.createdAt, timeZone);
  const close = () => actor.send({ type: 'gallery.close' });
  return (
    <ModalDialog title={file.filename} isOpen size="lg" onOpenChange={(open) => (open ? null : close())}>
      <div className={css.preview} data-testid="gallery-preview">
        <Media file={file} />
      </div>
      <p className={css.meta}>
        {t('gallery.size', { size: formatFileSize(file.size, locale) })} ·{' '}
        {file.createdBy
          ? t('gallery.addedBy', { name: file.createdBy.name, date })
          : t('gallery.addedAt', { date })}
      </p>
      <a className={css.link} href={file.url} download={file.filename} target="_blank" rel="noreferrer">
        {t('gallery.download', { name: file.filename })}
      </a>
      <div className={dialog.actions}>
        {may.remove ? (
          <Button
            tone="ghost"
            data-testid="gallery-delete"
            onPress={() => actor.send({ type: 'gallery.delete', id: file.id })}
          >
            {t('gallery.delete')}
          </Button>
        ) : null}
        <Button tone="secondary" onPress={close}>
          {t('common.close')}
        </Button>
        {may.share ? (
          <Button data-testid="gallery-send" onPress={() => actor.send({ type: 'share.start' })}>
            {t('gallery.send')}
          </Button>
        ) : null}
      </div>
    </ModalDialog>
  );
}
