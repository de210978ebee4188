/**
 * An upload field: FilePond is the view (drop, browse, paste, reorder, progress and status,
 * image previews with EXIF orientation), the upload queue machine is the logic (max files, the
 * ignore list, type and size checks, uploads through the SDK's FilePond client). See
 * `pondBridge.ts` for how the two are bound.
 *
 * Test hooks: the field is `data-testid="uploader"`, each item a `data-testid="upload-item"`
 * with its state in `data-status` (the 11 of SPEC.md section 4), the max files warning
 * `data-testid="upload-warning"`.
 */
import { useEffect, useImperativeHandle, useRef, useState, type ReactNode, type Ref } from 'react';
import { useSelector } from '@xstate/react';
import type { FilePond as FilePondInstance, FilePondOptions } from 'filepond';
import {
  UPLOAD_ACCEPTED_TYPES,
  UPLOAD_INSTANT_PREVIEW_MAX_BYTES,
  UPLOAD_PREVIEW_MAX_HEIGHT_PX,
  UPLOAD_PREVIEW_MIN_HEIGHT_PX,
  UPLOAD_PREVIEW_ZOOM_FACTOR,
  UPLOAD_TYPE_LABELS,
} from '@sapa/sdk';
import { selectQueueWarning, selectServerIds, type UploadSource } from '@sapa/machines/uploads';
import { trayItemsOf, type TrayItem } from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import { createPondBridge } from './pondBridge.ts';
import type { PondItem, PondView, QueueActor } from './pondView.ts';
import { FilePond, offerAdds, registerBridge } from './filePondSetup.ts';
import { sameItems } from './sameItems.ts';
import { sourcesFromTransfer } from './sources.ts';
import { UploadItems } from './UploadItems.tsx';
import { useUploadQueue, type UploadQueueOptions } from './useUploadQueue.ts';
import { filePondLabels, uploadErrorText } from './uploadTexts.ts';
import * as css from './uploader.css.ts';

/** One file of the field, as `onChange` reports it. */
export type UploaderItem = TrayItem;

/** What a parent can do with the field (`ref`). */
export interface UploaderHandle {
  /** The server ids of the processed files, in order. */
  serverIds(): string[];
  /** Empties the field (processed files are not reverted: they may be in use). */
  clear(): void;
  add(sources: UploadSource[]): void;
  /** Opens the browse dialog. */
  browse(): void;
}

export interface UploaderViewProps {
  /** Accessible name of the field (default 'Unggah berkas'). */
  label?: string;
  allowMultiple?: boolean;
  acceptedTypes?: readonly string[];
  typeLabels?: Record<string, string | null>;
  /** Files pasted anywhere on the page (outside text fields) are added (default true). */
  allowPaste?: boolean;
  disabled?: boolean;
  /** A one-line drop zone (the composer's tray). */
  compact?: boolean;
  onChange?(items: UploaderItem[]): void;
  /** Something to show with each file (the composer's caption field). */
  renderItem?(item: UploaderItem): ReactNode;
  ref?: Ref<UploaderHandle>;
}

export interface UploaderProps extends UploaderViewProps, Omit<UploadQueueOptions, 'allowMultiple'> {}

/** An upload field with its own queue. */
export function Uploader(props: UploaderProps) {
  const queue = useUploadQueue(props);
  return <UploaderView {...props} queue={queue} />;
}

type CreatePond = (options: FilePondOptions) => FilePondInstance;

/**
 * An upload field over a queue its parent holds (the composer's tray); `onAdd` puts what the
 * agent drops, browses or pastes somewhere else than straight into the queue.
 */
export function UploaderView({
  queue,
  onAdd,
  label,
  allowMultiple = false,
  acceptedTypes = UPLOAD_ACCEPTED_TYPES,
  typeLabels = UPLOAD_TYPE_LABELS,
  allowPaste = true,
  disabled = false,
  compact = false,
  onChange,
  renderItem,
  ref,
}: UploaderViewProps & { queue: QueueActor; onAdd?(sources: UploadSource[]): void }) {
  const t = useT();
  const { locale } = usePreferences();
  const container = useRef<HTMLDivElement>(null);
  const pondRef = useRef<FilePondInstance | null>(null);
  const warning = useSelector(queue, selectQueueWarning);
  const summary = useSelector(queue, trayItemsOf, (a, b) => sameItems(a, b));
  // The field's rules are read once, when it mounts (as its queue's are).
  const [rules] = useState(() => ({ acceptedTypes, typeLabels, allowMultiple }));
  // A compact field (the composer's tray) shows its drop zone only while files are dragged over the page.
  const dragging = useDraggingFiles(compact);

  const latest = useRef({ onAdd, t, locale, onChange });
  useEffect(() => {
    latest.current = { onAdd, t, locale, onChange };
  });
  useEffect(() => latest.current.onChange?.(summary), [summary]);

  // FilePond, made once per field; it reads the bridge for everything it does.
  useEffect(() => {
    const host = container.current;
    if (host === null) return;
    const bridge = createPondBridge({
      queue,
      add: (sources) =>
        latest.current.onAdd ? latest.current.onAdd(sources) : queue.send({ type: 'queue.add', sources }),
      explain: (error, mimeType) =>
        error === null
          ? { main: latest.current.t('upload.processingError'), sub: '' }
          : uploadErrorText(latest.current.t, error, { ...rules, locale: latest.current.locale, mimeType }),
    });
    const unregister = registerBridge(bridge);
    const options: FilePondOptions & Record<string, unknown> = {
      ...filePondLabels(latest.current.t, latest.current.locale),
      name: 'filepond',
      credits: false,
      allowMultiple: true,
      maxFiles: null,
      allowReplace: false,
      allowPaste: false,
      allowReorder: true,
      allowRevert: true,
      dropValidation: true,
      instantUpload: true,
      chunkUploads: false,
      maxParallelUploads: 1000,
      allowMinimumUploadDuration: false,
      itemInsertLocationFreedom: true,
      imagePreviewMinHeight: UPLOAD_PREVIEW_MIN_HEIGHT_PX,
      imagePreviewMaxHeight: UPLOAD_PREVIEW_MAX_HEIGHT_PX,
      imagePreviewZoomFactor: UPLOAD_PREVIEW_ZOOM_FACTOR,
      imagePreviewMaxInstantPreviewFileSize: UPLOAD_INSTANT_PREVIEW_MAX_BYTES,
      allowImageExifOrientation: true,
      beforeDropFile: () => {
        offerAdds(bridge);
        return true;
      },
      beforeRemoveFile: (item: PondItem) => bridge.beforeRemoveFile(item),
      onremovefile: (_error: unknown, item: PondItem) => bridge.onRemoved(item),
      onreorderfiles: (files: PondItem[]) => bridge.onReordered(files),
      server: {
        process: bridge.server.process,
        revert: bridge.server.revert,
        load: bridge.server.load,
        restore: bridge.server.load,
        fetch: bridge.server.load,
      },
    };
    const pond = (FilePond.create as unknown as CreatePond)(options);
    pondRef.current = pond;
    host.appendChild(pond.element as Element);
    const detach = bridge.attach(pond as unknown as PondView);
    // The browse dialog's files belong to this field.
    const onBrowse = () => offerAdds(bridge);
    host.addEventListener('change', onBrowse, true);
    return () => {
      host.removeEventListener('change', onBrowse, true);
      detach();
      pondRef.current = null;
      pond.destroy();
      (pond.element as Element | null)?.remove();
      unregister();
    };
  }, [queue, rules]);

  // Labels follow the language; the browse input follows the field's rules.
  useEffect(() => {
    const pond = pondRef.current;
    if (pond === null) return;
    pond.setOptions({ ...filePondLabels(t, locale), disabled });
    const sync = () => {
      const input = container.current?.querySelector<HTMLInputElement>('input[type=file]');
      if (!input) return;
      input.multiple = rules.allowMultiple;
      if (rules.acceptedTypes.length > 0) input.accept = rules.acceptedTypes.join(',');
      if (label) input.setAttribute('aria-label', label);
    };
    sync();
    const frame = requestAnimationFrame(sync);
    return () => cancelAnimationFrame(frame);
  }, [t, locale, disabled, rules, label]);

  // Files pasted outside any text field (FilePond's own paste would add them behind the queue).
  useEffect(() => {
    if (!allowPaste || disabled) return;
    const onPaste = (event: ClipboardEvent) => {
      const active = document.activeElement;
      if (
        active instanceof HTMLElement &&
        (active.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName))
      )
        return;
      const sources = sourcesFromTransfer(event.clipboardData);
      if (sources.length === 0) return;
      event.preventDefault();
      const { onAdd: add } = latest.current;
      if (add) add(sources);
      else queue.send({ type: 'queue.add', sources });
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [allowPaste, disabled, queue]);

  useImperativeHandle(
    ref,
    () => ({
      serverIds: () => selectServerIds(queue.getSnapshot()),
      clear: () => queue.send({ type: 'queue.clear' }),
      add: (sources) => queue.send({ type: 'queue.add', sources }),
      browse: () => pondRef.current?.browse(),
    }),
    [queue],
  );

  return (
    <div className={css.uploader} data-testid="uploader" role="group" aria-label={label ?? t('upload.label')}>
      <div ref={container} className={css.pond({ compact })} data-dragging={dragging || undefined} />
      {warning ? (
        <div className={css.warning} role="alert" data-testid="upload-warning">
          <span>
            <strong>{t('upload.maxFiles')}</strong> {t('upload.maxFilesDetail', { max: warning.max })}
          </span>
          <Button size="sm" tone="ghost" onPress={() => queue.send({ type: 'queue.dismissWarning' })}>
            {t('upload.dismiss')}
          </Button>
        </div>
      ) : null}
      <UploadItems
        queue={queue}
        items={summary}
        explain={(error, mimeType) => uploadErrorText(t, error, { ...rules, locale, mimeType })}
        {...(renderItem ? { renderItem } : {})}
      />
    </div>
  );
}

/** Whether files are being dragged over the page (counted over nested enter and leave events). */
function useDraggingFiles(enabled: boolean): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let depth = 0;
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') ?? false;
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const leave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const end = () => {
      depth = 0;
      setDragging(false);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', end);
    window.addEventListener('dragend', end);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', end);
      window.removeEventListener('dragend', end);
    };
  }, [enabled]);
  return dragging;
}
