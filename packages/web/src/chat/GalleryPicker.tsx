import {
  GridList,
  GridListItem,
  Input,
  Label,
  Radio,
  RadioGroup,
  SearchField,
  type Selection,
} from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { formatFileSize, type GalleryItem, type MediaFile } from '@sapa/sdk';
import {
  galleryMachine,
  selectGalleryError,
  selectGalleryHasMore,
  selectGalleryItems,
  selectGalleryKind,
  selectGalleryPickRoom,
  selectGalleryPicked,
  selectGallerySearch,
  selectGalleryStatus,
  type GalleryKindFilter,
} from '@sapa/machines/uploads';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { FileIcon } from '../components/icons.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import * as css from './gallery.css.ts';

const kinds: readonly GalleryKindFilter[] = ['all', 'image', 'audio', 'video', 'document'];

type GalleryActor = ActorRefFrom<typeof galleryMachine>;

export interface GalleryPickerProps {
  projectKey: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** How many files the tray has room for. */
  limit: number;
  /** The chosen files: they go in the tray as stored files (nothing is uploaded again). */
  onPick(items: MediaFile[]): void;
}

/**
 * "Pick from the gallery": the project's gallery (`galleryMachine` with a `pickLimit`: pages of
 * `gallery_list`, filtered by kind and by name after a pause in the typing, the picked files).
 */
export function GalleryPicker(props: GalleryPickerProps) {
  const t = useT();
  return (
    <ModalDialog
      title={t('chat.gallery.title')}
      isOpen={props.isOpen}
      onOpenChange={props.onOpenChange}
      size="lg"
    >
      {props.isOpen ? <Browser {...props} /> : null}
    </ModalDialog>
  );
}

function Browser({ projectKey, limit, onPick, onOpenChange }: GalleryPickerProps) {
  const { client } = useRuntime();
  // Mounted while the dialog is open: closing it stops the machine and aborts its request.
  const gallery = useActorRef(galleryMachine, { input: { client, key: projectKey, pickLimit: limit } });
  return <BrowserView gallery={gallery} onPick={onPick} onClose={() => onOpenChange(false)} />;
}

function BrowserView({
  gallery,
  onPick,
  onClose,
}: {
  gallery: GalleryActor;
  onPick(items: MediaFile[]): void;
  onClose(): void;
}) {
  const t = useT();
  const { locale } = usePreferences();
  const status = useSelector(gallery, selectGalleryStatus);
  const items = useSelector(gallery, selectGalleryItems);
  const picked = useSelector(gallery, selectGalleryPicked);
  const room = useSelector(gallery, selectGalleryPickRoom);
  const search = useSelector(gallery, selectGallerySearch);
  const kind = useSelector(gallery, selectGalleryKind);
  const error = useSelector(gallery, selectGalleryError);
  const hasMore = useSelector(gallery, selectGalleryHasMore);
  const loadingMore = useSelector(gallery, (snapshot) => snapshot.hasTag('loadingMore'));
  const pickedIds = new Set(picked.map((item) => item.id));
  const onSelectionChange = (keys: Selection) => {
    const next = keys === 'all' ? new Set(items.map((item) => item.id)) : keys;
    for (const item of items)
      if (next.has(item.id) !== pickedIds.has(item.id)) gallery.send({ type: 'gallery.pick', id: item.id });
  };
  const shown = status === 'ready' || status === 'empty';
  return (
    <div className={css.browser}>
      <div className={css.filters}>
        <SearchField
          className={css.search}
          value={search}
          onChange={(text) => gallery.send({ type: 'gallery.search', text })}
          aria-label={t('chat.gallery.search')}
        >
          <Input className={css.searchInput} placeholder={t('chat.gallery.search')} />
        </SearchField>
        <RadioGroup
          className={css.kinds}
          orientation="horizontal"
          value={kind}
          onChange={(value) => gallery.send({ type: 'gallery.kind', kind: value as GalleryKindFilter })}
        >
          <Label className={css.kindsLabel}>{t('chat.gallery.kind')}</Label>
          {kinds.map((value) => (
            <Radio key={value} value={value} className={css.kind}>
              {t(`chat.gallery.kind.${value}`)}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      {status === 'loading' ? <Spinner label={t('chat.gallery.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.failed} role="alert">
          <span>{t('chat.gallery.failed', { message: error ?? '' })}</span>
          <Button size="sm" tone="secondary" onPress={() => gallery.send({ type: 'gallery.retry' })}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {shown ? (
        <GridList
          className={css.grid}
          aria-label={t('chat.gallery.list')}
          selectionMode="multiple"
          selectedKeys={pickedIds}
          disabledKeys={
            room <= 0 ? items.filter((item) => !pickedIds.has(item.id)).map((item) => item.id) : []
          }
          onSelectionChange={onSelectionChange}
          renderEmptyState={() => <p className={css.empty}>{t('chat.gallery.empty')}</p>}
          items={items}
        >
          {(item) => <GalleryCell item={item} size={formatFileSize(item.size, locale)} />}
        </GridList>
      ) : null}
      {shown && hasMore ? (
        <Button
          size="sm"
          tone="secondary"
          isDisabled={loadingMore}
          onPress={() => gallery.send({ type: 'gallery.loadMore' })}
        >
          {loadingMore ? t('chat.gallery.loading') : t('chat.gallery.more')}
        </Button>
      ) : null}
      {shown && error ? (
        <p className={css.failedText} role="alert">
          {t('chat.gallery.failed', { message: error })}
        </p>
      ) : null}
      <div className={dialog.actions}>
        <span className={css.count} role="status">
          {t('chat.gallery.selected', { count: picked.length, left: room })}
        </span>
        <Button tone="secondary" onPress={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          isDisabled={picked.length === 0}
          onPress={() => {
            onPick(picked);
            onClose();
          }}
        >
          {t('chat.gallery.attach')}
        </Button>
      </div>
    </div>
  );
}

function GalleryCell({ item, size }: { item: GalleryItem; size: string }) {
  return (
    <GridListItem id={item.id} textValue={item.filename} className={css.cell}>
      {item.kind === 'image' ? (
        <img className={css.thumb} src={item.url} alt="" loading="lazy" />
      ) : (
        <span className={css.thumbIcon} aria-hidden="true">
          <FileIcon />
        </span>
      )}
      <span className={css.cellText}>
        <span className={css.cellName}>{item.filename}</span>
        <span className={css.cellMeta}>{size}</span>
      </span>
    </GridListItem>
  );
}
