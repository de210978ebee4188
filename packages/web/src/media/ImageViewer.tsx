import { useRef, useState, type PointerEvent } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { useT } from '../i18n/I18nProvider.tsx';
import { gestureOf, isSwipe, zoomOrigin, zoomScale, type Point } from './swipe.ts';
import { CloseIcon, ZoomInIcon, ZoomOutIcon } from './icons.tsx';
import * as css from './media.css.ts';

/**
 * An image message full-screen (react-aria modal: focus moves in and is trapped, Escape
 * closes): a tap or the zoom button zooms by a factor of 2 around the tapped point, a swipe
 * over 10 px closes it (SPEC.md section 9), and the original opens in a new tab.
 */
export function ImageViewer({
  url,
  name,
  isOpen,
  onOpenChange,
}: {
  url: string;
  name: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
}) {
  const t = useT();
  const [zoomed, setZoomed] = useState(false);
  const [origin, setOrigin] = useState('50% 50%');
  const press = useRef<Point | null>(null);

  const close = () => {
    press.current = null;
    setZoomed(false);
    onOpenChange(false);
  };
  const point = (event: PointerEvent) => ({ x: event.clientX, y: event.clientY });

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    press.current = point(event);
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (press.current !== null && isSwipe(press.current, point(event))) close();
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    if (start === null) return;
    if (gestureOf(start, point(event)) === 'swipe') {
      close();
      return;
    }
    const image = event.currentTarget.querySelector('img');
    if (!zoomed && image) setOrigin(zoomOrigin(point(event), image.getBoundingClientRect()));
    setZoomed((value) => !value);
  };

  return (
    <ModalOverlay
      className={css.viewerOverlay}
      isOpen={isOpen}
      onOpenChange={(open) => (open ? onOpenChange(true) : close())}
      isDismissable
    >
      <Modal className={css.viewer}>
        <Dialog className={css.viewerDialog}>
          <div className={css.viewerBar}>
            <Heading slot="title" className={css.viewerTitle}>
              {name}
            </Heading>
            <Button
              className={css.viewerButton}
              aria-label={zoomed ? t('media.viewer.zoomOut') : t('media.viewer.zoomIn')}
              aria-pressed={zoomed}
              onPress={() => {
                setOrigin('50% 50%');
                setZoomed((value) => !value);
              }}
            >
              {zoomed ? <ZoomOutIcon /> : <ZoomInIcon />}
            </Button>
            <a className={css.viewerLink} href={url} target="_blank" rel="noopener noreferrer">
              {t('media.viewer.original')}
            </a>
            <Button className={css.viewerButton} aria-label={t('common.close')} onPress={close}>
              <CloseIcon />
            </Button>
          </div>
          <div
            className={css.stage}
            data-testid="image-viewer-stage"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              press.current = null;
            }}
          >
            <img
              className={css.viewerImage({ zoomed })}
              style={assignInlineVars({
                [css.zoomScale]: String(zoomScale(zoomed)),
                [css.zoomOrigin]: origin,
              })}
              src={url}
              alt={name}
              draggable={false}
            />
          </div>
          <p className={css.viewerHint}>{t('media.viewer.hint')}</p>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
