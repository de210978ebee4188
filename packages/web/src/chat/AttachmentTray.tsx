import type { ActorRefFrom } from 'xstate';
import { Input, Label, TextField } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { CHAT_MAX_ATTACHMENTS } from '@sapa/sdk';
import {
  isTrayItemPending,
  isTrayItemReady,
  selectTrayStatus,
  type composerMachine,
  type TrayItem,
} from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { QueueActor } from '../uploads/pondView.ts';
import { UploaderView } from '../uploads/LazyUploader.tsx';
import { isFailedStatus } from '../uploads/uploadTexts.ts';
import { visuallyHidden } from './chat.css.ts';
import { trayPreviewOf } from './linkTray.ts';
import * as css from './composer.css.ts';

type ComposerActor = ActorRefFrom<typeof composerMachine>;

/** The caption a message's file goes with (the act takes up to 4096 characters). */
const CAPTION_MAX = 4096;

function CaptionField({ composer, item }: { composer: ComposerActor; item: TrayItem }) {
  const t = useT();
  const value = useSelector(composer, (snapshot) => snapshot.context.captions[item.id] ?? '');
  const windowOpen = useSelector(composer, (snapshot) => snapshot.context.windowOpen);
  const picked = useSelector(composer, (snapshot) => snapshot.context.picked);
  const preview = trayPreviewOf(item, picked);
  const field = (
    <TextField
      className={css.captionField}
      value={value}
      maxLength={CAPTION_MAX}
      isDisabled={!windowOpen}
      onChange={(text) => composer.send({ type: 'composer.caption', id: item.id, text })}
    >
      <Label className={visuallyHidden}>{t('chat.composer.caption', { name: item.filename })}</Label>
      <Input className={css.captionInput} placeholder={t('chat.composer.captionPlaceholder')} />
    </TextField>
  );
  if (preview.url === null) return field;
  // A gallery image: its thumbnail beside the caption (FilePond's tile shows picked files).
  return (
    <span className={css.captionRow}>
      <img className={css.trayThumb} src={preview.url} alt="" data-testid="tray-thumbnail" />
      {field}
    </span>
  );
}

/**
 * The composer's attachment tray: an upload field (FilePond over the tray's queue, a one-line
 * drop zone while empty) whose adds go through the composer (closed window, gallery files),
 * with a caption field for each file that is uploading or uploaded, what the tray waits for,
 * and a way to empty it.
 */
export function AttachmentTray({ composer, tray }: { composer: ComposerActor; tray: QueueActor }) {
  const t = useT();
  const status = useSelector(composer, selectTrayStatus);
  const attachments = useSelector(composer, (snapshot) => snapshot.context.attachments);
  const windowOpen = useSelector(composer, (snapshot) => snapshot.context.windowOpen);
  const failed = attachments.some((item) => isFailedStatus(item.status));
  const title = t('chat.composer.tray', { count: attachments.length, max: CHAT_MAX_ATTACHMENTS });
  return (
    <section className={css.tray({ filled: attachments.length > 0 })} aria-label={title}>
      {attachments.length > 0 ? (
        <div className={css.trayBar}>
          <span className={css.trayTitle}>{title}</span>
          <span className={css.trayNote} role="status">
            {status === 'uploading'
              ? t('chat.composer.waitUploads')
              : failed
                ? t('chat.composer.trayFailed')
                : null}
          </span>
          <Button size="sm" tone="ghost" onPress={() => composer.send({ type: 'composer.clearTray' })}>
            {t('chat.composer.clearTray')}
          </Button>
        </div>
      ) : null}
      <UploaderView
        queue={tray}
        onAdd={(sources) => composer.send({ type: 'composer.attachFiles', sources })}
        label={t('chat.composer.attachment')}
        allowMultiple
        allowPaste={false}
        compact
        disabled={!windowOpen}
        renderItem={(item) =>
          isTrayItemReady(item) || isTrayItemPending(item) ? (
            <CaptionField composer={composer} item={item} />
          ) : null
        }
      />
    </section>
  );
}
