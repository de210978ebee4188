import { initials, messageKind, thumbnailWidth } from '@sapa/sdk';
import { FileIcon } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
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
}

/**
 * A message's content by its type (SPEC.md section 3): jpeg, png, webp, jpg -> image card with
 * caption; text -> caption only; vcard -> contact card (name and phone); mp4 -> video player that
 * links to the file; ogg -> audio player with optional caption; anything else -> a download link
 * with the filename truncated at 250 px. On mobile, thumbnails are 70 px wide (images) and 120 px
 * (video).
 */
export function MessageContent({
  body,
  compact,
  mobile,
}: {
  body: MessageBody;
  compact: boolean;
  mobile: boolean;
}) {
  const t = useT();
  const kind = messageKind(body.type);
  const caption = <Caption text={body.caption} type={body.type} compact={compact} />;
  const width =
    thumbnailWidth(body.type, mobile) === null ? 'natural' : kind === 'video' ? 'mobileVideo' : 'mobileImage';
  switch (kind) {
    case 'text':
      return caption;
    case 'image':
      return (
        <>
          {body.url ? (
            <a className={css.imageLink} href={body.url} target="_blank" rel="noopener noreferrer">
              <img
                className={css.media({ width })}
                src={body.url}
                alt={body.caption || body.filename || t('chat.message.image')}
                loading="lazy"
              />
            </a>
          ) : null}
          {caption}
        </>
      );
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
              <video className={css.media({ width })} src={body.url} controls preload="metadata">
                <a href={body.url}>{t('chat.message.openVideo')}</a>
              </video>
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
            <audio
              className={css.audio}
              src={body.url}
              controls
              preload="metadata"
              aria-label={t('chat.message.audio')}
            />
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
