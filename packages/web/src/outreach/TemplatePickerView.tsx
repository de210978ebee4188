import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Button as AriaButton, Form } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { templateProblemMessage } from '@sapa/sdk';
import type { MessageTemplate, TemplateValueSlots } from '@sapa/sdk';
import {
  selectPickerChosen,
  selectPickerEditable,
  selectPickerError,
  selectPickerFieldErrors,
  selectPickerMedia,
  selectPickerPreview,
  selectPickerSlots,
  selectPickerStatus,
  selectPickerTemplates,
  selectPickerValues,
  type PickerFieldError,
  type PickerPreview,
  type templatePickerMachine,
} from '@sapa/machines/inbox';
import { Button } from '../components/Button.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import { GalleryPicker } from '../chat/GalleryPicker.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { BalanceRefusalNote, useBalanceRefusal } from './BalanceRefusal.tsx';
import { CategoryChip } from './CategoryChip.tsx';
import { TemplatePreview, type TemplateView } from './TemplatePreview.tsx';
import * as css from './outreach.css.ts';

export type PickerActor = ActorRefFrom<typeof templatePickerMachine>;

/**
 * The template picker's content (templatePickerMachine): the number's approved templates, then
 * the chosen one's values (prefilled for the customer), its header file from the gallery, its
 * problems beside each value, the preview as the customer will see it, and the send. The
 * machine decides what can be sent; this only shows it and passes the agent's input on.
 */
export function TemplatePickerView({
  picker,
  projectKey,
  onCancel,
}: {
  picker: PickerActor;
  projectKey: string;
  onCancel(): void;
}) {
  const t = useT();
  const status = useSelector(picker, selectPickerStatus);
  const error = useSelector(picker, selectPickerError);
  if (status === 'loading') return <Spinner label={t('outreach.picker.loading')} />;
  if (status === 'failed')
    return (
      <div className={css.state} role="alert">
        <p>{t('outreach.picker.failed', { message: error?.message ?? '' })}</p>
        <div className={dialog.actions}>
          <Button tone="secondary" onPress={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button onPress={() => picker.send({ type: 'picker.retry' })}>{t('common.retry')}</Button>
        </div>
      </div>
    );
  if (status === 'choosing') return <TemplateList picker={picker} onCancel={onCancel} />;
  return <TemplateForm picker={picker} projectKey={projectKey} onCancel={onCancel} />;
}

function TemplateList({ picker, onCancel }: { picker: PickerActor; onCancel(): void }) {
  const t = useT();
  const templates = useSelector(picker, selectPickerTemplates);
  return (
    <>
      {templates.length === 0 ? (
        <p className={css.state} role="status">
          {t('outreach.picker.empty')}
        </p>
      ) : (
        <ul className={css.list} aria-label={t('outreach.picker.list')}>
          {templates.map((template) => (
            <li key={template.id}>
              <TemplateOption
                template={template}
                onPress={() => picker.send({ type: 'picker.choose', templateId: template.id })}
              />
            </li>
          ))}
        </ul>
      )}
      <div className={dialog.actions}>
        <Button tone="ghost" onPress={() => picker.send({ type: 'picker.reload' })}>
          {t('outreach.picker.reload')}
        </Button>
        <Button tone="secondary" onPress={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </>
  );
}

/**
 * One approved template to choose: its name, category, language and body (the picker's list, the
 * broadcast composer's). `isSelected` marks the one chosen (pressed).
 */
export function TemplateOption({
  template,
  onPress,
  isSelected,
  isDisabled = false,
}: {
  template: MessageTemplate;
  onPress(): void;
  isSelected?: boolean;
  isDisabled?: boolean;
}) {
  const t = useT();
  return (
    <AriaButton
      className={css.option}
      aria-label={t('outreach.picker.chooseLabel', { name: template.name })}
      {...(isSelected === undefined ? {} : { 'aria-pressed': isSelected })}
      {...(isSelected ? { 'data-selected': true } : {})}
      data-testid="template-option"
      isDisabled={isDisabled}
      onPress={onPress}
    >
      <span className={css.optionHead}>
        <span className={css.optionName}>{template.name}</span>
        <CategoryChip category={template.category} />
        <span className={css.optionMeta}>
          {t('outreach.picker.language', { language: template.language })}
        </span>
      </span>
      <span className={css.optionBody}>{template.body}</span>
    </AriaButton>
  );
}

/** A value's error as text: a rule's message, the server's, or the refused file kind. */
function fieldErrorText(t: Translate, error: PickerFieldError | undefined, slots: TemplateValueSlots | null) {
  if (error === undefined) return null;
  if ('message' in error) return error.message;
  if ('mediaKind' in error)
    return t('outreach.picker.mediaKind', {
      kind: t(`outreach.picker.media.${slots?.headerMedia ?? 'IMAGE'}`),
    });
  const { key, params } = templateProblemMessage(error.problem);
  return t(key, params);
}

function previewView(preview: PickerPreview): TemplateView {
  const { rendered, mediaUrl } = preview;
  return {
    ...rendered,
    header:
      rendered.header === null
        ? null
        : { ...rendered.header, mediaUrl: rendered.header.format === 'TEXT' ? null : mediaUrl },
  };
}

function TemplateForm({
  picker,
  projectKey,
  onCancel,
}: {
  picker: PickerActor;
  projectKey: string;
  onCancel(): void;
}) {
  const t = useT();
  const chosen = useSelector(picker, selectPickerChosen);
  const slots = useSelector(picker, selectPickerSlots);
  const values = useSelector(picker, selectPickerValues);
  const errors = useSelector(picker, selectPickerFieldErrors);
  const error = useSelector(picker, selectPickerError);
  // Refused for want of the project's balance: said as such (the values stay for a later send).
  const refusal = useBalanceRefusal(error);
  const preview = useSelector(picker, selectPickerPreview);
  const editable = useSelector(picker, selectPickerEditable);
  const sending = useSelector(picker, (snapshot) => snapshot.hasTag('sending'));
  if (chosen === null || slots === null) return null;
  const nothingToFill =
    slots.body.length === 0 &&
    slots.header === null &&
    slots.headerMedia === null &&
    slots.buttonUrl === null;
  return (
    <Form
      className={css.picker}
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        picker.send({ type: 'picker.send' });
      }}
    >
      <div className={css.column}>
        <div className={css.chosenHead}>
          <span className={css.optionName} data-testid="template-chosen">
            {chosen.name}
          </span>
          <CategoryChip category={chosen.category} />
          <span className={css.optionMeta}>
            {t('outreach.picker.language', { language: chosen.language })}
          </span>
          <Button
            size="sm"
            tone="ghost"
            isDisabled={!editable}
            onPress={() => picker.send({ type: 'picker.back' })}
          >
            {t('outreach.picker.back')}
          </Button>
        </div>
        {nothingToFill ? <p className={css.hint}>{t('outreach.picker.noValues')}</p> : null}
        {slots.headerMedia === null ? null : (
          <MediaField
            picker={picker}
            projectKey={projectKey}
            isDisabled={!editable}
            error={fieldErrorText(t, errors['headerMediaId'], slots)}
          />
        )}
        {slots.header === null ? null : (
          <TextField
            label={t('outreach.picker.headerValue', { slot: `{{${slots.header}}}` })}
            value={values.header ?? ''}
            isDisabled={!editable}
            onChange={(value) => picker.send({ type: 'picker.value', field: 'header', value })}
            error={fieldErrorText(t, errors['header'], slots)}
          />
        )}
        {slots.body.map((name, index) => (
          <TextField
            key={`${chosen.id}-${name}`}
            label={t('outreach.picker.bodyValue', { slot: `{{${name}}}` })}
            value={values.body[index] ?? ''}
            isDisabled={!editable}
            onChange={(value) => picker.send({ type: 'picker.value', field: 'body', index, value })}
            error={fieldErrorText(t, errors[`body.${index}`], slots)}
          />
        ))}
        {slots.buttonUrl === null ? null : (
          <TextField
            label={t('outreach.picker.buttonUrl', { text: slots.buttonUrl.text })}
            description={t('outreach.picker.buttonUrlHint', { url: slots.buttonUrl.url })}
            value={values.buttonUrl ?? ''}
            isDisabled={!editable}
            onChange={(value) => picker.send({ type: 'picker.value', field: 'buttonUrl', value })}
            error={fieldErrorText(t, errors['buttonUrl'], slots)}
          />
        )}
        {slots.body.length > 0 || slots.header !== null ? (
          <p className={css.hint}>{t('outreach.picker.placeholders')}</p>
        ) : null}
        {error ? (
          <p className={css.error} role="alert">
            {refusal === null ? (
              t('outreach.picker.sendFailed', { message: error.message })
            ) : (
              <BalanceRefusalNote refusal={refusal} />
            )}
          </p>
        ) : null}
      </div>
      <div className={css.column}>
        <h3 className={css.previewTitle}>{t('outreach.picker.preview')}</h3>
        {preview === null ? null : <TemplatePreview view={previewView(preview)} />}
        <div className={dialog.actions}>
          <Button tone="secondary" onPress={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isDisabled={!editable} data-testid="template-send">
            {sending ? t('outreach.picker.sending') : t('outreach.picker.send')}
          </Button>
        </div>
      </div>
    </Form>
  );
}

function MediaField({
  picker,
  projectKey,
  isDisabled,
  error,
}: {
  picker: PickerActor;
  projectKey: string;
  isDisabled: boolean;
  error: string | null;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const slots = useSelector(picker, selectPickerSlots);
  const media = useSelector(picker, selectPickerMedia);
  const format = slots?.headerMedia ?? 'IMAGE';
  return (
    <div
      className={css.mediaField}
      role="group"
      aria-label={t('outreach.picker.media', { kind: t(`outreach.picker.media.${format}`) })}
    >
      <span className={css.mediaLabel}>
        {t('outreach.picker.media', { kind: t(`outreach.picker.media.${format}`) })}
      </span>
      <div className={css.mediaRow}>
        {media === null ? null : (
          <>
            {media.type === 'jpeg' || media.type === 'jpg' || media.type === 'png' ? (
              <img className={css.mediaThumb} src={media.url} alt="" />
            ) : null}
            <span className={css.mediaName}>{media.filename}</span>
          </>
        )}
        <Button size="sm" tone="secondary" isDisabled={isDisabled} onPress={() => setOpen(true)}>
          {media === null ? t('outreach.picker.pickMedia') : t('outreach.picker.changeMedia')}
        </Button>
        {media === null ? null : (
          <Button
            size="sm"
            tone="ghost"
            isDisabled={isDisabled}
            onPress={() => picker.send({ type: 'picker.clearMedia' })}
          >
            {t('outreach.picker.removeMedia')}
          </Button>
        )}
      </div>
      {error ? (
        <p className={css.fieldError} role="alert">
          {error}
        </p>
      ) : null}
      <GalleryPicker
        projectKey={projectKey}
        isOpen={open}
        onOpenChange={setOpen}
        limit={1}
        onPick={(items) => {
          const [file] = items;
          if (file !== undefined) picker.send({ type: 'picker.media', file });
        }}
      />
    </div>
  );
}
