/**
 * Every text of the upload field, from the message catalogue: FilePond's labels, an item's
 * failure (the machines keep FilePond's English texts, or the server's message already in the
 * user's language) and each item state's name.
 */
import {
  expectedTypeNames,
  FILE_SIZE_BASE,
  formatFileSize,
  invalidFileTypeMessage,
  maxMediaBytes,
  type Locale,
  type MessageKey,
} from '@sapa/sdk';
import type { UploadError, UploadStatus } from '@sapa/machines/uploads';
import type { Translate } from '../i18n/I18nProvider.tsx';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** FilePond's texts in the viewer's language; sizes in base 1000 like the SDK's `formatFileSize`. */
export function filePondLabels(t: Translate, locale: Locale) {
  const failure = (fallback: MessageKey) => (error: unknown) => {
    const body = typeof error === 'object' && error !== null && 'body' in error ? error.body : null;
    return typeof body === 'string' && body !== '' ? body : t(fallback);
  };
  return {
    labelIdle: `${escapeHtml(t('upload.dropHint'))} <span class="filepond--label-action">${escapeHtml(t('upload.browse'))}</span>`,
    labelInvalidField: t('upload.invalidField'),
    labelFileWaitingForSize: t('upload.waitingForSize'),
    labelFileSizeNotAvailable: t('upload.sizeNotAvailable'),
    labelFileLoading: t('upload.loading'),
    labelFileAdded: t('upload.added'),
    labelFileLoadError: failure('upload.loadError'),
    labelFileRemoved: t('upload.removed'),
    labelFileRemoveError: failure('upload.removeError'),
    labelFileProcessing: t('upload.processing'),
    labelFileProcessingComplete: t('upload.processingComplete'),
    labelFileProcessingAborted: t('upload.processingAborted'),
    labelFileProcessingError: failure('upload.processingError'),
    labelFileProcessingRevertError: failure('upload.revertError'),
    labelTapToCancel: t('upload.tapToCancel'),
    labelTapToRetry: t('upload.tapToRetry'),
    labelTapToUndo: t('upload.tapToUndo'),
    labelButtonRemoveItem: t('upload.buttonRemove'),
    labelButtonAbortItemLoad: t('upload.buttonAbortLoad'),
    labelButtonRetryItemLoad: t('upload.buttonRetryLoad'),
    labelButtonAbortItemProcessing: t('upload.buttonAbortProcessing'),
    labelButtonUndoItemProcessing: t('upload.buttonUndo'),
    labelButtonRetryItemProcessing: t('upload.buttonRetryProcessing'),
    labelButtonProcessItem: t('upload.buttonProcess'),
    labelFileCountSingular: t('upload.fileCountSingular'),
    labelFileCountPlural: t('upload.fileCountPlural'),
    // The separators `formatFileSize` uses for this locale.
    labelDecimalSeparator: locale === 'id' ? ',' : '.',
    labelThousandsSeparator: locale === 'id' ? '.' : ',',
    fileSizeBase: FILE_SIZE_BASE,
  };
}

/**
 * 'Expects {allButLastType} or {lastType}' in the viewer's language, with the same labels and
 * order as the SDK's `expectedTypesMessage`; '' when every type is hidden.
 */
export function expectedTypesText(
  t: Translate,
  acceptedTypes: readonly string[],
  labels: Readonly<Record<string, string | null>> = {},
): string {
  const shown = expectedTypeNames(acceptedTypes, labels);
  const last = shown.at(-1);
  if (last === undefined) return '';
  if (shown.length === 1) return t('upload.expectsOne', { type: last });
  return t('upload.expects', { allButLastType: shown.slice(0, -1).join(', '), lastType: last });
}

/** The machines' FilePond labels of a step that failed short of the server. */
const stepFailures: Readonly<Record<string, MessageKey>> = {
  'Error during load': 'upload.loadError',
  'Error during upload': 'upload.processingError',
  'Error during revert': 'upload.revertError',
  'Error during remove': 'upload.removeError',
};

export interface UploadTextContext {
  locale: Locale;
  acceptedTypes: readonly string[];
  typeLabels?: Readonly<Record<string, string | null>> | undefined;
  /** The item's MIME type (for the size limit of its kind). */
  mimeType: string;
}

/** An item's failure as the viewer reads it: a main line and a sub line. */
export function uploadErrorText(t: Translate, error: UploadError, context: UploadTextContext): UploadError {
  if (error.main === invalidFileTypeMessage)
    return {
      main: t('upload.invalidType'),
      sub: expectedTypesText(t, context.acceptedTypes, context.typeLabels),
    };
  if (error.main === 'File is too large')
    return {
      main: t('upload.tooLarge'),
      sub: t('upload.maxSize', { max: formatFileSize(maxMediaBytes(context.mimeType), context.locale) }),
    };
  const step = stepFailures[error.main];
  if (step !== undefined) return { main: t(step), sub: t('upload.networkHint') };
  // The server's own message, already in the viewer's language; its reason is for machines.
  return { main: error.main, sub: '' };
}

export const statusKeys: Readonly<Record<UploadStatus, MessageKey>> = {
  idle: 'upload.status.idle',
  busy: 'upload.status.busy',
  loading: 'upload.status.loading',
  'load-invalid': 'upload.status.load-invalid',
  'load-error': 'upload.status.load-error',
  'remove-error': 'upload.status.remove-error',
  processing: 'upload.status.processing',
  'processing-complete': 'upload.status.processing-complete',
  'processing-error': 'upload.status.processing-error',
  'processing-revert-error': 'upload.status.processing-revert-error',
  cancelled: 'upload.status.cancelled',
};

/** States in which an item shows why it failed. */
export function isFailedStatus(status: UploadStatus): boolean {
  return (
    status === 'load-invalid' ||
    status === 'load-error' ||
    status === 'remove-error' ||
    status === 'processing-error' ||
    status === 'processing-revert-error'
  );
}
