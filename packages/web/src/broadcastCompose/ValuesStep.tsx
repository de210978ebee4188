import { useState } from 'react';
import { useSelector } from '@xstate/react';
import type { BroadcastValueSource, MessageKey } from '@sapa/sdk';
import {
  selectComposerEditable,
  selectComposerFieldErrors,
  selectComposerMedia,
  selectComposerSample,
  selectComposerSlots,
  selectComposerValues,
  selectValuesPreview,
  slotPath,
  slotSources,
  slotValue,
  type ComposerFieldError,
  type ComposerSlot,
} from '@sapa/machines/broadcast';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import { GalleryPicker } from '../chat/GalleryPicker.tsx';
import { OptionSelect } from '../chat/OptionSelect.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { TemplatePreview } from '../outreach/TemplatePreview.tsx';
import { StepFrame, type StepProps } from './StepFrame.tsx';
import { fieldErrorText, type ComposerActor } from './types.ts';
import * as css from './composer.css.ts';

const sourceNames = {
  fixed: 'broadcastCompose.source.fixed',
  name: 'broadcastCompose.source.name',
  phone: 'broadcastCompose.source.phone',
  field: 'broadcastCompose.source.field',
} as const satisfies Record<BroadcastValueSource, MessageKey>;

/**
 * Step 2: each body variable, the header's variable and the link's suffix from fixed text, the
 * customer's name or phone, or a custom field with a fallback; a media header's file from the
 * gallery; and the template as a sample customer will see it.
 */
export function ValuesStep({ actor, projectKey, title, footer }: StepProps & { projectKey: string }) {
  const t = useT();
  const slots = useSelector(actor, selectComposerSlots);
  const preview = useSelector(actor, selectValuesPreview);
  const sample = useSelector(actor, selectComposerSample);
  if (slots === null) return null;
  const nothing =
    slots.body.length === 0 &&
    slots.header === null &&
    slots.headerMedia === null &&
    slots.buttonUrl === null;
  return (
    <StepFrame
      title={title}
      footer={footer}
      asideLabel={t('broadcastCompose.values.preview', { name: sample.name })}
      aside={
        <>
          <h3 className={css.sectionTitle}>{t('broadcastCompose.values.preview', { name: sample.name })}</h3>
          {preview === null ? null : (
            <TemplatePreview
              view={{
                ...preview.rendered,
                header:
                  preview.rendered.header === null
                    ? null
                    : {
                        ...preview.rendered.header,
                        mediaUrl: preview.rendered.header.format === 'TEXT' ? null : preview.mediaUrl,
                      },
              }}
            />
          )}
          <p className={css.hint}>{t('broadcastCompose.values.previewHint')}</p>
        </>
      }
    >
      {nothing ? <p className={css.hint}>{t('broadcastCompose.values.none')}</p> : null}
      {slots.headerMedia === null ? null : (
        <MediaField actor={actor} projectKey={projectKey} format={slots.headerMedia} />
      )}
      {slots.header === null ? null : (
        <ValueGroup
          actor={actor}
          slot={{ field: 'header' }}
          legend={t('broadcastCompose.values.header', { slot: `{{${slots.header}}}` })}
        />
      )}
      {slots.body.map((name, index) => (
        <ValueGroup
          key={`${name}-${index}`}
          actor={actor}
          slot={{ field: 'body', index }}
          legend={t('broadcastCompose.values.body', { slot: `{{${name}}}` })}
        />
      ))}
      {slots.buttonUrl === null ? null : (
        <ValueGroup
          actor={actor}
          slot={{ field: 'buttonUrl' }}
          legend={t('broadcastCompose.values.buttonUrl', { text: slots.buttonUrl.text })}
          description={t('broadcastCompose.values.buttonUrlHint', { url: slots.buttonUrl.url })}
        />
      )}
    </StepFrame>
  );
}

/** The first error of a slot: its own fields' (source, text or field, fallback), else the slot's. */
function slotError(t: Translate, errors: Record<string, ComposerFieldError>, path: string) {
  return {
    source: fieldErrorText(t, errors[`${path}.source`]),
    value: fieldErrorText(t, errors[`${path}.value`]),
    fallback: fieldErrorText(t, errors[`${path}.fallback`]),
    slot: fieldErrorText(t, errors[path]),
  };
}

function ValueGroup({
  actor,
  slot,
  legend,
  description,
}: {
  actor: ComposerActor;
  slot: ComposerSlot;
  legend: string;
  description?: string;
}) {
  const t = useT();
  const values = useSelector(actor, selectComposerValues);
  const errors = useSelector(actor, selectComposerFieldErrors);
  const editable = useSelector(actor, selectComposerEditable);
  const sample = useSelector(actor, selectComposerSample);
  const value = slotValue(values, slot);
  const path = slotPath(slot);
  const error = slotError(t, errors, path);
  const fields = Object.keys(sample.customFields);
  return (
    <fieldset className={css.valueGroup} data-testid={`broadcast-value-${path.replace('values.', '')}`}>
      <legend className={css.valueLegend}>{legend}</legend>
      <OptionSelect
        label={t('broadcastCompose.values.source')}
        options={slotSources(slot).map((source) => ({ id: source, label: t(sourceNames[source]) }))}
        selected={value.source}
        isDisabled={!editable}
        onSelect={(id) => {
          const source = slotSources(slot).find((candidate) => candidate === id);
          if (source !== undefined) actor.send({ type: 'compose.source', ...slot, source });
        }}
      />
      <div className={css.valueFields}>
        {value.source === 'fixed' ? (
          <TextField
            label={t('broadcastCompose.values.text')}
            value={value.value}
            isDisabled={!editable}
            {...(description === undefined ? {} : { description })}
            onChange={(text) => actor.send({ type: 'compose.text', ...slot, value: text })}
            error={error.value}
          />
        ) : null}
        {value.source === 'field' ? (
          <TextField
            label={t('broadcastCompose.values.field')}
            value={value.value}
            isDisabled={!editable}
            {...(fields.length === 0
              ? {}
              : { description: t('broadcastCompose.values.fieldHint', { fields: fields.join(', ') }) })}
            onChange={(text) => actor.send({ type: 'compose.text', ...slot, value: text })}
            error={error.value}
          />
        ) : null}
        {value.source === 'name' || value.source === 'field' ? (
          <TextField
            label={t('broadcastCompose.values.fallback')}
            value={value.fallback}
            isDisabled={!editable}
            description={t(
              value.source === 'field'
                ? 'broadcastCompose.values.fallbackField'
                : 'broadcastCompose.values.fallbackOptional',
            )}
            onChange={(text) => actor.send({ type: 'compose.fallback', ...slot, fallback: text })}
            error={error.fallback}
          />
        ) : null}
        {value.source === 'phone' && description !== undefined ? (
          <p className={css.hint}>{description}</p>
        ) : null}
      </div>
      {error.source === null && error.slot === null ? null : (
        <p className={css.groupError} role="alert">
          {error.source ?? error.slot}
        </p>
      )}
    </fieldset>
  );
}

/** A media header's file, picked from the project's gallery (the chat's picker). */
function MediaField({
  actor,
  projectKey,
  format,
}: {
  actor: ComposerActor;
  projectKey: string;
  format: 'IMAGE' | 'VIDEO' | 'DOCUMENT';
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const media = useSelector(actor, selectComposerMedia);
  const values = useSelector(actor, selectComposerValues);
  const editable = useSelector(actor, selectComposerEditable);
  const errors = useSelector(actor, selectComposerFieldErrors);
  const kind = t(`outreach.picker.media.${format}`);
  const error = fieldErrorText(t, errors['values.headerMediaId'], kind);
  const chosen = (values.headerMediaId ?? '') !== '';
  return (
    <div className={css.valueFields} role="group" aria-label={t('outreach.picker.media', { kind })}>
      <span className={css.groupLabel}>{t('outreach.picker.media', { kind })}</span>
      <div className={css.row}>
        {media !== null && (media.type === 'jpeg' || media.type === 'jpg' || media.type === 'png') ? (
          <img className={css.mediaThumb} src={media.url} alt="" />
        ) : null}
        {media !== null ? <span className={css.fileName}>{media.filename}</span> : null}
        {media === null && chosen ? (
          <span className={css.hint}>{t('broadcastCompose.values.mediaKept')}</span>
        ) : null}
        <Button size="sm" tone="secondary" isDisabled={!editable} onPress={() => setOpen(true)}>
          {chosen ? t('outreach.picker.changeMedia') : t('outreach.picker.pickMedia')}
        </Button>
        {chosen ? (
          <Button
            size="sm"
            tone="ghost"
            isDisabled={!editable}
            onPress={() => actor.send({ type: 'compose.clearMedia' })}
          >
            {t('outreach.picker.removeMedia')}
          </Button>
        ) : null}
      </div>
      {error === null ? null : (
        <p className={css.error} role="alert">
          {error}
        </p>
      )}
      <GalleryPicker
        projectKey={projectKey}
        isOpen={open}
        onOpenChange={setOpen}
        limit={1}
        onPick={(items) => {
          const [file] = items;
          if (file !== undefined) actor.send({ type: 'compose.media', file });
        }}
      />
    </div>
  );
}
