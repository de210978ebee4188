import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useT } from '../i18n/I18nProvider.tsx';
import { ImageViewer } from './ImageViewer.tsx';
import * as css from './media.css.ts';

export type ImageWidth = 'natural' | 'mobileImage';

/** An image message's picture (70 px wide on mobile); pressing it opens the viewer. */
export function ImageMessage({ url, name, width }: { url: string; name: string; width: ImageWidth }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <span className={css.frame({ width })}>
      <Button
        className={css.thumbButton}
        aria-label={t('media.viewer.open', { name })}
        onPress={() => setOpen(true)}
      >
        <img className={css.media} src={url} alt={name} loading="lazy" />
      </Button>
      <ImageViewer url={url} name={name} isOpen={open} onOpenChange={setOpen} />
    </span>
  );
}
