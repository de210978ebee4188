import { useEffect, useState, useSyncExternalStore } from 'react';
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
import { formatFileSize, type GalleryItem, type MediaFile } from '@sapa/sdk';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { FileIcon } from '../components/icons.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { createGalleryBrowser, type GalleryBrowser, type GalleryKind } from '../uploads/galleryBrowser.ts';
import * as css from './gallery.css.ts';

const kinds = ['all', 'image', 'audio', 'video', 'document'] as const;

export interface GalleryPickerProps {
  projectKey: string;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  /** How many files the tray has room for. */
  limit: number;
  /** The chosen files: they go in the tray as stored files (nothing is uploaded again). */
  onPick(items: MediaFile[]): void;
}

/** "Pick from the gallery": the project's gallery (`gallery_list`), filtered by kind and name. */
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
  const [browser] = useState(() =>
    createGalleryBrowser({
      limit,
      fetchPage: (query, page, signal) =>
        client.page(
          {
            act: 'gallery_list',
            key: projectKey,
            ...(query.kind === null ? {} : { kind: query.kind }),
            ...(query.search === '' ? {} : { search: query.search }),
          },
          page,
          { signal },
        ),
    }),
  );
  useEffect(() => {
    browser.start();
    return () => browser.stop();
  }, [browser]);
  return <BrowserView browser={browser} onPick={onPick} onClose={() => onOpenChange(false)} />;
}

function BrowserView({
  browser,
  onPick,
  onClose,
}: {
  browser: GalleryBrowser;
  onPick(items: MediaFile[]): void;
  onClose(): void;
}) {
  const t = useT();
  const { locale } = usePreferences();
  const view = useSyncExternalStore(browser.subscribe, browser.getSnapshot);
  const selectedIds = new Set(view.selected.map((item) => item.id));
  const full = view.selected.length >= view.limit;
  const onSelectionChange = (keys: Selection) => {
    const next = keys === 'all' ? new Set(view.items.map((item) => item.id)) : keys;
    for (const item of view.items) if (next.has(item.id) !== selectedIds.has(item.id)) browser.toggle(item);
  };
  return (
    <div className={css.browser}>
      <div className={css.filters}>
        <SearchField
          className={css.search}
          value={view.search}
          onChange={(search) => browser.setSearch(search)}
          aria-label={t('chat.gallery.search')}
        >
          <Input className={css.searchInput} placeholder={t('chat.gallery.search')} />
        </SearchField>
        <RadioGroup
          className={css.kinds}
          orientation="horizontal"
          value={view.kind ?? 'all'}
          onChange={(value) => browser.setKind(value === 'all' ? null : (value as GalleryKind))}
        >
          <Label className={css.kindsLabel}>{t('chat.gallery.kind')}</Label>
          {kinds.map((kind) => (
            <Radio key={kind} value={kind} className={css.kind}>
              {t(`chat.gallery.kind.${kind}`)}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      {view.status === 'loading' ? <Spinner label={t('chat.gallery.loading')} /> : null}
      {view.status === 'failed' ? (
        <div className={css.failed} role="alert">
          <span>{t('chat.gallery.failed', { message: view.error ?? '' })}</span>
          <Button size="sm" tone="secondary" onPress={() => browser.retry()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {view.status === 'ready' ? (
        <GridList
          className={css.grid}
          aria-label={t('chat.gallery.list')}
          selectionMode="multiple"
          selectedKeys={selectedIds}
          disabledKeys={
            full ? view.items.filter((item) => !selectedIds.has(item.id)).map((item) => item.id) : []
          }
          onSelectionChange={onSelectionChange}
          renderEmptyState={() => <p className={css.empty}>{t('chat.gallery.empty')}</p>}
          items={view.items}
        >
          {(item) => <GalleryCell item={item} size={formatFileSize(item.size, locale)} />}
        </GridList>
      ) : null}
      {view.status === 'ready' && view.pages < view.totalPages ? (
        <Button size="sm" tone="secondary" isDisabled={view.loadingMore} onPress={() => browser.loadMore()}>
          {view.loadingMore ? t('chat.gallery.loading') : t('chat.gallery.more')}
        </Button>
      ) : null}
      {view.status === 'ready' && view.error ? (
        <p className={css.failedText} role="alert">
          {t('chat.gallery.failed', { message: view.error })}
        </p>
      ) : null}
      <div className={dialog.actions}>
        <span className={css.count} role="status">
          {t('chat.gallery.selected', {
            count: view.selected.length,
            left: view.limit - view.selected.length,
          })}
        </span>
        <Button tone="secondary" onPress={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          isDisabled={view.selected.length === 0}
          onPress={() => {
            onPick(view.selected);
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
