import { memo } from 'react';
import { formatFileSize } from '@sapa/sdk';
import type { GalleryItem } from '@sapa/sdk';
import { AudioIcon, FileIcon, ImageIcon, VideoIcon } from '../components/icons.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import * as css from './gallery.css.ts';

const kindIcons = { image: ImageIcon, video: VideoIcon, audio: AudioIcon, document: FileIcon } as const;

/** A kind's icon, drawn large (cards of files without a thumbnail, the document preview). */
export function KindIcon({ kind }: { kind: GalleryItem['kind'] }) {
  const Icon = kindIcons[kind];
  return (
    <span className={css.bigIcon}>
      <Icon />
    </span>
  );
}

/**
 * One file of the grid: a button that opens its preview (Enter or Space), an image thumbnail
 * loaded lazily or its kind's icon, its name (cut at 250px) and its size.
 */
export const GalleryTile = memo(function GalleryTile({
  item,
  index,
  tabbable,
  onOpen,
  onFocusTile,
}: {
  item: GalleryItem;
  index: number;
  tabbable: boolean;
  onOpen(id: string): void;
  onFocusTile(index: number): void;
}) {
  const t = useT();
  const { locale } = usePreferences();
  const size = formatFileSize(item.size, locale);
  return (
    <button
      type="button"
      className={css.tile}
      data-testid="gallery-item"
      data-id={item.id}
      data-tile={index}
      tabIndex={tabbable ? 0 : -1}
      aria-label={`${t('gallery.open', { name: item.filename })}, ${t(`gallery.kind.${item.kind}`)}, ${size}`}
      onClick={() => onOpen(item.id)}
      onFocus={() => onFocusTile(index)}
    >
      <span className={css.thumb}>
        {item.kind === 'image' ? (
          <img className={css.image} src={item.url} alt="" loading="lazy" decoding="async" />
        ) : (
          <KindIcon kind={item.kind} />
        )}
      </span>
      <span className={css.caption}>
        <span className={css.filename} title={item.filename}>
          {item.filename}
        </span>
        <span className={css.meta}>{size}</span>
      </span>
    </button>
  );
});
