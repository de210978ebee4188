import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { isTrayItemReady } from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { FileIcon } from '../components/icons.tsx';
import * as field from '../components/field.css.ts';
import { GalleryPicker } from '../chat/GalleryPicker.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { Uploader, type UploaderItem } from '../uploads/LazyUploader.tsx';
import type { QuickReplyActor } from './types.ts';
import * as css from './quickReplies.css.ts';

/**
 * The file that goes with a quick reply: none, one picked from the gallery, or one uploaded here
 * (a single file; once on the server it becomes the choice). "Lepas media" takes it off.
 */
export function QuickReplyMediaField({
  actor,
  projectKey,
  error,
  disabled,
}: {
  actor: QuickReplyActor;
  projectKey: string;
  error: string | null;
  disabled: boolean;
}) {
  const t = useT();
  const media = useSelector(actor, (snapshot) => snapshot.context.draft.media);
  const [picking, setPicking] = useState(false);
  const [uploading, setUploading] = useState(false);
  const onUpload = (items: UploaderItem[]) => {
    const ready = items.find(isTrayItemReady);
    if (ready === undefined || ready.serverId === media?.id) return;
    actor.send({ type: 'quickReply.media', media: { id: ready.serverId, filename: ready.filename } });
  };
  return (
    <div className={css.media} role="group" aria-labelledby="quick-reply-media-label">
      <span id="quick-reply-media-label" className={field.label}>
        {t('quickReply.form.media')}
      </span>
      <div className={css.mediaRow}>
        <span className={css.mediaChip} data-testid="quick-reply-media">
          <FileIcon />
          <span className={css.fileName}>{media?.filename ?? t('quickReply.form.noMedia')}</span>
        </span>
        {media === null ? null : (
          <Button
            size="sm"
            tone="ghost"
            isDisabled={disabled}
            onPress={() => actor.send({ type: 'quickReply.media', media: null })}
          >
            {t('quickReply.form.removeMedia')}
          </Button>
        )}
      </div>
      <div className={css.mediaRow}>
        <Button size="sm" tone="secondary" isDisabled={disabled} onPress={() => setPicking(true)}>
          {t('quickReply.form.pickGallery')}
        </Button>
        <Button
          size="sm"
          tone="secondary"
          isDisabled={disabled}
          aria-expanded={uploading}
          onPress={() => setUploading((shown) => !shown)}
        >
          {t('quickReply.form.upload')}
        </Button>
      </div>
      {uploading ? (
        <Uploader
          projectKey={projectKey}
          label={t('quickReply.form.upload')}
          allowPaste={false}
          disabled={disabled}
          onChange={onUpload}
        />
      ) : null}
      {error === null ? null : (
        <span className={field.error} role="alert">
          {error}
        </span>
      )}
      <GalleryPicker
        projectKey={projectKey}
        isOpen={picking}
        onOpenChange={setPicking}
        limit={1}
        onPick={(items) => {
          const [item] = items;
          if (item !== undefined)
            actor.send({ type: 'quickReply.media', media: { id: item.id, filename: item.filename } });
        }}
      />
    </div>
  );
}
