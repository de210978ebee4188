import { initials, messageKind, thumbnailWidth } from '@sapa/sdk';
import type { SentTemplate } from '@sapa/sdk';
import { FileIcon, ImageIcon } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { AudioPlayer } from '../media/AudioPlayer.tsx';
import { ImageMessage } from '../media/ImageMessage.tsx';
import { VideoPlayer } from '../media/VideoPlayer.tsx';
import { TemplateMessage } from '../outreach/TemplateMessage.tsx';
import { Caption } from './Caption.tsx';
import * as css from './message.css.ts';

/** What a message or a pending send shows: SPEC.md section 3's fields. */
export interface MessageBody {
  type: string;
  caption: string | null;
  url: string | null;
  filename: string | null;
  name: string | null;
  phone: string | null;
  /** A template message: how it was built (issue 15). */
  template?: SentTemplate | null;
}

/**
 * A message's content by its type (SPEC.md section 3): jpeg, png, webp, jpg -> image card with
 * caption; text -> caption only; vcard -> contact card (name and phone); mp4 -> video player that
 * links to the file; ogg -> audio player with optional caption; anything else -> a download link
 * with the filename truncated at 250 px. On mobile, thumbnails are 70 px wide (images) and 120 px
 * (video). An image opens in the viewer (zoom, swipe to close); audio resumes where it was left
 * (by `mediaKey`: the message's id). A template message shows as the template it was sent as.
 */
export function MessageContent({
  body,
  compact,
  mobile,
  mediaKey,
}: {
  body: MessageBody;
  compact: boolean;
  mobile: boolean;
  /** What identifies the message's media (the message id, or the pending send's client id). */
  mediaKey: string;
}) {
  const t = useT();
  if (body.template)
    return (
      <TemplateMessage
        template={body.template}
        caption={body.caption}
        url={body.url}
        compact={compact}
        mobile={mobile}
      />
    );
  const kind = messageKind(body.type);
  const caption = <Caption text={body.caption} type={body.type} compact={compact} />;
  const mobileWidth = thumbnailWidth(body.type, mobile) !== null;
  switch (kind) {
    case 'text':
      return caption;
    case 'image': {
      const name = body.caption || body.filename || t('chat.message.image');
      return (
        <>
          {body.url ? (
            <ImageMessage url={body.url} name={name} width={mobileWidth ? 'mobileImage' : 'natural'} />
          ) : (
            <span className={css.fileLink} title={name}>
              <ImageIcon />
              <span className={css.filename}>{body.filename || t('chat.message.image')}</span>
            </span>
          )}
          {caption}
        </>
      );
    }
    case 'contact':
      return (
        <div className={css.contact} role="group" aria-label={t('chat.message.contact')}>
          <span className={css.avatar} aria-hidden="true">
            {initials(body.name ?? '') || '?'}
          </span>
          <span>
            <span className={css.contactName}>{body.name || t('chat.message.noName')}</span>
            <br />
            <span className={css.contactPhone}>{body.phone}</span>
          </span>
        </div>
      );
    case 'video':
      return (
        <>
          {body.url ? (
            <>
              <VideoPlayer
                url={body.url}
                label={body.filename || t('chat.message.openVideo')}
                width={mobileWidth ? 'mobileVideo' : 'natural'}
              />
              <a className={css.videoLink} href={body.url} target="_blank" rel="noopener noreferrer">
                {t('chat.message.openVideo')}
              </a>
            </>
          ) : null}
          {caption}
        </>
      );
    case 'audio':
      return (
        <>
          {body.url ? (
            <AudioPlayer mediaKey={mediaKey} url={body.url} label={t('chat.message.audio')} />
          ) : null}
          {caption}
        </>
      );
    case 'file': {
      const name = body.filename || t('chat.message.file');
      return (
        <>
          {body.url ? (
            <a className={css.fileLink} href={body.url} download={body.filename ?? true} title={name}>
              <FileIcon />
              <span className={css.filename}>{name}</span>
            </a>
          ) : (
            <span className={css.fileLink} title={name}>
              <FileIcon />
              <span className={css.filename}>{name}</span>
            </span>
          )}
          {caption}
        </>
      );
    }
  }
}
