import { useState, type ReactNode } from 'react';
import {
  Checkbox,
  CheckboxGroup,
  Label,
  Switch,
  TextArea,
  TextField as AriaTextField,
} from 'react-aria-components';
import {
  adSourceKinds,
  agentAssignmentStrategies,
  delayUnits,
  keywordMatchModes,
  needsOpenWindow,
  notifyRecipientKinds,
  type AutomationAction,
  type AutomationCondition,
  type AutomationDelay,
  type BroadcastValue,
  type BroadcastValueSource,
  type BroadcastValues,
  type FollowUpStep,
  type MessageKey,
  type SendAction,
} from '@sapa/sdk';
import {
  defaultStepMessage,
  valueSourcesFor,
  withTemplate,
  type TemplateSpot,
  type TemplateValueField,
} from '@sapa/machines/automation';
import { FormError } from '../auth/AuthLayout.tsx';
import { Button } from '../components/Button.tsx';
import { TextField } from '../components/TextField.tsx';
import { OptionSelect, type SelectOption } from '../chat/OptionSelect.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { PartContext } from './RuleEditorDialog.tsx';
import * as css from './automation.css.ts';

/** An on/off switch with its label. */
export function Toggle({
  label,
  selected,
  disabled,
  testId,
  onChange,
}: {
  label: string;
  selected: boolean;
  disabled: boolean;
  testId?: string;
  onChange(selected: boolean): void;
}) {
  return (
    <Switch
      className={css.switchRoot}
      isSelected={selected}
      isDisabled={disabled}
      data-testid={testId}
      onChange={onChange}
    >
      <span className={`${css.switchTrack} ${css.switchOn}`} aria-hidden="true" />
      {label}
    </Switch>
  );
}

/** A condition, action or step: its name, its fields, its errors, and Remove. */
export function PartCard({
  title,
  removeLabel,
  disabled,
  error,
  onRemove,
  children,
}: {
  title: string;
  removeLabel: string;
  disabled: boolean;
  error: string | null;
  onRemove(): void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <div className={css.part} data-testid="rule-part">
      <div className={css.partHead}>
        <span className={css.partTitle}>{title}</span>
        {disabled ? null : (
          <Button size="sm" tone="ghost" aria-label={removeLabel} onPress={onRemove}>
            {t('automation.editor.remove')}
          </Button>
        )}
      </div>
      {children}
      <FormError message={error} />
    </div>
  );
}

/** "Tambah …": a choice among what the kind still offers (nothing left: nothing shown). */
export function AddPart({
  label,
  testId,
  options,
  onAdd,
}: {
  label: string;
  testId: string;
  options: SelectOption[];
  onAdd(id: string): void;
}) {
  const t = useT();
  const NONE = '';
  if (options.length === 0) return null;
  return (
    <div className={css.addRow}>
      <OptionSelect
        label={label}
        testId={testId}
        options={[{ id: NONE, label: t('automation.editor.pick') }, ...options]}
        selected={NONE}
        disabledKeys={[NONE]}
        onSelect={(id) => (id === NONE ? null : onAdd(id))}
      />
    </div>
  );
}

function wholeNumber(value: string): number {
  return Math.max(0, Math.trunc(Number(value) || 0));
}

/** A delay: an amount and its unit. */
export function DelayFields({
  label,
  delay,
  disabled,
  onChange,
}: {
  label: string;
  delay: AutomationDelay;
  disabled: boolean;
  onChange(delay: AutomationDelay): void;
}) {
  const t = useT();
  return (
    <div className={css.row}>
      <div className={css.small}>
        <TextField
          label={`${label} (${t('automation.editor.amount')})`}
          type="number"
          value={String(delay.amount)}
          isDisabled={disabled}
          onChange={(value) => onChange({ ...delay, amount: wholeNumber(value) })}
        />
      </div>
      <OptionSelect
        label={t('automation.editor.unit')}
        isDisabled={disabled}
        options={delayUnits.map((unit) => ({ id: unit, label: t(`automation.unit.${unit}`) }))}
        selected={delay.unit}
        onSelect={(id) => {
          const unit = delayUnits.find((value) => value === id);
          if (unit !== undefined) onChange({ ...delay, unit });
        }}
      />
    </div>
  );
}

/** Several of the project's rows (labels, stages, numbers, members …), as chips to tick. */
function IdChoices({
  label,
  options,
  selected,
  disabled,
  onChange,
}: {
  label: string;
  options: SelectOption[];
  selected: readonly string[];
  disabled: boolean;
  onChange(ids: string[]): void;
}) {
  const t = useT();
  // A row no longer in the lists (deleted) still shows while picked, so it can be taken off.
  const known = new Set(options.map((option) => option.id));
  const all = [...options, ...selected.filter((id) => !known.has(id)).map((id) => ({ id, label: id }))];
  return (
    <CheckboxGroup value={[...selected]} onChange={onChange} isDisabled={disabled}>
      <Label className={css.legend}>{label}</Label>
      {all.length === 0 ? (
        <p className={css.help}>{t('automation.editor.nothingToPick')}</p>
      ) : (
        <div className={css.choices}>
          {all.map((option) => (
            <Checkbox key={option.id} value={option.id} className={css.choice}>
              {({ isSelected }) => (
                <>
                  <span className={css.mark} aria-hidden="true">
                    {isSelected ? '✓' : '+'}
                  </span>
                  {option.label}
                </>
              )}
            </Checkbox>
          ))}
        </div>
      )}
    </CheckboxGroup>
  );
}

/** One of the project's rows; `none` adds a choice for no row (its id ''). */
function RowSelect({
  label,
  options,
  selected,
  disabled,
  none,
  onChange,
}: {
  label: string;
  options: SelectOption[];
  selected: string;
  disabled: boolean;
  none?: string;
  onChange(id: string): void;
}) {
  const t = useT();
  const empty = { id: '', label: none ?? t('automation.editor.pick') };
  return (
    <OptionSelect
      label={label}
      isDisabled={disabled}
      options={[empty, ...options]}
      disabledKeys={none === undefined ? [''] : []}
      selected={selected}
      onSelect={onChange}
    />
  );
}

/** A list typed as text, comma separated; kept as typed while the list follows it. */
function ListText({
  label,
  values,
  disabled,
  testId,
  onChange,
}: {
  label: string;
  values: readonly string[];
  disabled: boolean;
  testId?: string;
  onChange(values: string[]): void;
}) {
  const [text, setText] = useState(values.join(', '));
  return (
    <TextField
      label={label}
      value={text}
      isDisabled={disabled}
      data-testid={testId}
      onChange={(value) => {
        setText(value);
        onChange(
          value
            .split(',')
            .map((part) => part.trim())
            .filter((part) => part !== ''),
        );
      }}
    />
  );
}

function LongText({
  label,
  value,
  disabled,
  description,
  testId,
  onChange,
}: {
  label: string;
  value: string;
  disabled: boolean;
  description?: string;
  testId?: string;
  onChange(value: string): void;
}) {
  return (
    <AriaTextField value={value} onChange={onChange} isDisabled={disabled}>
      <Label className={css.legend}>{label}</Label>
      <TextArea className={css.textarea} data-testid={testId} />
      {description === undefined ? null : <p className={css.help}>{description}</p>}
    </AriaTextField>
  );
}

function useRows(part: PartContext) {
  const { references } = part;
  return {
    accounts: references.accounts.map((row) => ({ id: row.id, label: `${row.name} (${row.displayPhone})` })),
    labels: references.labels.map((row) => ({ id: row.id, label: row.name, color: row.color })),
    stages: references.stages.map((row) => ({ id: row.id, label: row.name, color: row.color })),
    divisions: references.divisions.map((row) => ({ id: row.id, label: row.name, color: row.color })),
    members: references.members.map((row) => ({ id: row.id, label: row.name })),
    gallery: references.gallery.map((row) => ({ id: row.id, label: row.filename })),
    templates: references.templates.map((row) => ({ id: row.id, label: `${row.name} · ${row.language}` })),
  };
}

export function ConditionFields({
  condition,
  part,
  onChange,
}: {
  condition: AutomationCondition;
  part: PartContext;
  onChange(condition: AutomationCondition): void;
}) {
  const t = useT();
  const rows = useRows(part);
  const { disabled } = part;
  switch (condition.kind) {
    case 'account':
      return (
        <IdChoices
          label={t('automation.condition.account')}
          options={rows.accounts}
          selected={condition.accountIds}
          disabled={disabled}
          onChange={(accountIds) => onChange({ ...condition, accountIds })}
        />
      );
    case 'keyword':
      return (
        <>
          <OptionSelect
            label={t('automation.editor.keywordMode')}
            isDisabled={disabled}
            options={keywordMatchModes.map((mode) => ({
              id: mode,
              label: t(`automation.keywordMode.${mode}`),
            }))}
            selected={condition.mode}
            onSelect={(id) => {
              const mode = keywordMatchModes.find((value) => value === id);
              if (mode !== undefined) onChange({ ...condition, mode });
            }}
          />
          <ListText
            label={t('automation.editor.keywords')}
            values={condition.keywords}
            disabled={disabled}
            testId="rule-keywords"
            onChange={(keywords) => onChange({ ...condition, keywords })}
          />
        </>
      );
    case 'label':
      return (
        <IdChoices
          label={t('automation.condition.label')}
          options={rows.labels}
          selected={condition.labelIds}
          disabled={disabled}
          onChange={(labelIds) => onChange({ ...condition, labelIds })}
        />
      );
    case 'stage':
      return (
        <IdChoices
          label={t('automation.condition.stage')}
          options={rows.stages}
          selected={condition.stageIds}
          disabled={disabled}
          onChange={(stageIds) => onChange({ ...condition, stageIds })}
        />
      );
    case 'division':
      return (
        <IdChoices
          label={t('automation.condition.division')}
          options={rows.divisions}
          selected={condition.divisionIds}
          disabled={disabled}
          onChange={(divisionIds) => onChange({ ...condition, divisionIds })}
        />
      );
    case 'ad_source': {
      const sources = ['any', ...adSourceKinds] as const;
      return (
        <>
          <OptionSelect
            label={t('automation.editor.adSource')}
            isDisabled={disabled}
            options={sources.map((source) => ({ id: source, label: t(`automation.adSource.${source}`) }))}
            selected={condition.source}
            onSelect={(id) => {
              const source = sources.find((value) => value === id);
              if (source !== undefined) onChange({ ...condition, source });
            }}
          />
          <ListText
            label={t('automation.editor.adIds')}
            values={condition.ids}
            disabled={disabled}
            onChange={(ids) => onChange({ ...condition, ids })}
          />
        </>
      );
    }
  }
}

/**
 * A gallery file to pick: the files loaded so far, and "Muat lagi" while the gallery has another
 * page (the editor's machine loads it: `editor.moreGallery`; the button waits while one loads).
 */
function GalleryField({
  label,
  selected,
  part,
  onChange,
}: {
  label: string;
  selected: string;
  part: PartContext;
  onChange(id: string): void;
}) {
  const t = useT();
  const rows = useRows(part);
  const { gallery } = part;
  return (
    <>
      <RowSelect
        label={label}
        options={rows.gallery}
        selected={selected}
        disabled={part.disabled}
        onChange={onChange}
      />
      {gallery.more ? (
        <div className={css.addRow}>
          <Button
            tone="secondary"
            size="sm"
            data-testid="rule-gallery-more"
            isDisabled={gallery.loading}
            onPress={gallery.load}
          >
            {gallery.loading ? t('automation.editor.loadingFiles') : t('automation.editor.moreFiles')}
          </Button>
        </div>
      ) : null}
      <FormError
        message={
          gallery.error === null ? null : t('automation.editor.moreFilesFailed', { message: gallery.error })
        }
      />
    </>
  );
}

/**
 * A message to the customer: a text, a gallery file with its caption, or an approved template
 * (`spot`: where that template sits on the rule, for its values' sources).
 */
function SendFields({
  action,
  spot,
  part,
  onChange,
}: {
  action: SendAction;
  spot: TemplateSpot;
  part: PartContext;
  onChange(action: SendAction): void;
}) {
  const t = useT();
  const rows = useRows(part);
  const { disabled } = part;
  switch (action.kind) {
    case 'send_text':
      return (
        <LongText
          label={t('automation.editor.text')}
          value={action.text}
          disabled={disabled}
          description={t('automation.editor.placeholders')}
          testId="rule-text"
          onChange={(text) => onChange({ ...action, text })}
        />
      );
    case 'send_media':
      return (
        <>
          <GalleryField
            label={t('automation.editor.file')}
            selected={action.galleryItemId}
            part={part}
            onChange={(galleryItemId) => onChange({ ...action, galleryItemId })}
          />
          <LongText
            label={t('automation.editor.caption')}
            value={action.caption}
            disabled={disabled}
            onChange={(caption) => onChange({ ...action, caption })}
          />
        </>
      );
    case 'send_template':
      return (
        <>
          <RowSelect
            label={t('automation.editor.template')}
            options={rows.templates}
            selected={action.templateId}
            disabled={disabled}
            onChange={(templateId) =>
              onChange(
                withTemplate(
                  action,
                  templateId,
                  part.references.templates.find((template) => template.id === templateId),
                ),
              )
            }
          />
          <p className={css.help}>{t('automation.editor.templateHelp')}</p>
          <TemplateValues
            values={action.values}
            spot={spot}
            part={part}
            onChange={(values) => onChange({ ...action, values })}
          />
        </>
      );
  }
}

export function ActionFields({
  action,
  index,
  part,
  onChange,
}: {
  action: AutomationAction;
  /** The action's place on the rule. */
  index: number;
  part: PartContext;
  onChange(action: AutomationAction): void;
}) {
  const t = useT();
  const rows = useRows(part);
  const { disabled } = part;
  switch (action.kind) {
    case 'send_text':
    case 'send_media':
    case 'send_template':
      return <SendFields action={action} spot={{ in: 'action', index }} part={part} onChange={onChange} />;
    case 'assign_division':
      return (
        <RowSelect
          label={t('automation.condition.division')}
          options={rows.divisions}
          selected={action.divisionId}
          disabled={disabled}
          onChange={(divisionId) => onChange({ ...action, divisionId })}
        />
      );
    case 'set_stage':
      return (
        <RowSelect
          label={t('automation.condition.stage')}
          options={rows.stages}
          selected={action.stageId}
          disabled={disabled}
          onChange={(stageId) => onChange({ ...action, stageId })}
        />
      );
    case 'add_label':
      return (
        <RowSelect
          label={t('automation.condition.label')}
          options={rows.labels}
          selected={action.labelId}
          disabled={disabled}
          onChange={(labelId) => onChange({ ...action, labelId })}
        />
      );
    case 'assign_agent':
      return (
        <>
          <OptionSelect
            label={t('automation.editor.strategy')}
            isDisabled={disabled}
            options={agentAssignmentStrategies.map((strategy) => ({
              id: strategy,
              label: t(`automation.strategy.${strategy}`),
            }))}
            selected={action.strategy}
            onSelect={(id) => {
              const strategy = agentAssignmentStrategies.find((value) => value === id);
              if (strategy !== undefined) onChange({ ...action, strategy });
            }}
          />
          <p className={css.help}>{t('automation.editor.onlineOnly')}</p>
          <IdChoices
            label={t('automation.editor.agents')}
            options={rows.members}
            selected={action.userIds}
            disabled={disabled}
            onChange={(userIds) => onChange({ ...action, userIds })}
          />
          <div className={css.row}>
            <RowSelect
              label={t('automation.editor.fallback')}
              options={rows.members}
              selected={action.fallbackUserId ?? ''}
              disabled={disabled}
              none={t('automation.editor.none')}
              onChange={(id) => onChange({ ...action, fallbackUserId: id === '' ? null : id })}
            />
            <div className={css.grow}>
              <TextField
                label={t('automation.editor.reassign')}
                type="number"
                value={action.reassignAfterMinutes === null ? '' : String(action.reassignAfterMinutes)}
                isDisabled={disabled}
                onChange={(value) =>
                  onChange({
                    ...action,
                    reassignAfterMinutes: value.trim() === '' ? null : wholeNumber(value),
                  })
                }
              />
            </div>
          </div>
        </>
      );
    case 'notify':
      return (
        <>
          <OptionSelect
            label={t('automation.editor.recipients')}
            isDisabled={disabled}
            options={notifyRecipientKinds.map((kind) => ({
              id: kind,
              label: t(`automation.notify.${kind}`),
            }))}
            selected={action.recipients}
            onSelect={(id) => {
              const recipients = notifyRecipientKinds.find((value) => value === id);
              if (recipients !== undefined)
                onChange({ ...action, recipients, userIds: recipients === 'members' ? action.userIds : [] });
            }}
          />
          {action.recipients === 'members' ? (
            <IdChoices
              label={t('automation.editor.members')}
              options={rows.members}
              selected={action.userIds}
              disabled={disabled}
              onChange={(userIds) => onChange({ ...action, userIds })}
            />
          ) : null}
          <LongText
            label={t('automation.editor.note')}
            value={action.text}
            disabled={disabled}
            onChange={(text) => onChange({ ...action, text })}
          />
        </>
      );
  }
}

const sendKinds = ['send_text', 'send_media', 'send_template'] as const;

/**
 * A follow-up step: its delay from the anchor and its message (a new kind starts empty); a
 * free-form message may name a template to send instead once the 24-hour window has closed.
 */
export function StepFields({
  step,
  index,
  part,
  onChange,
  onFallback,
}: {
  step: FollowUpStep;
  /** The step's place in the sequence. */
  index: number;
  part: PartContext;
  onChange(step: FollowUpStep): void;
  onFallback(on: boolean): void;
}) {
  const t = useT();
  return (
    <>
      <DelayFields
        label={t('automation.editor.after')}
        delay={step.delay}
        disabled={part.disabled}
        onChange={(delay) => onChange({ ...step, delay })}
      />
      <OptionSelect
        label={t('automation.editor.messageKind')}
        isDisabled={part.disabled}
        options={sendKinds.map((kind) => ({ id: kind, label: t(`automation.action.${kind}`) }))}
        selected={step.message.kind}
        onSelect={(id) => {
          const kind = sendKinds.find((value) => value === id);
          if (kind !== undefined && kind !== step.message.kind)
            onChange({ ...step, message: defaultStepMessage(kind) });
        }}
      />
      <SendFields
        action={step.message}
        spot={{ in: 'step', index }}
        part={part}
        onChange={(message) => onChange({ ...step, message })}
      />
      {needsOpenWindow(step.message) ? (
        <>
          <Toggle
            label={t('automation.editor.windowFallback')}
            selected={step.fallback !== undefined}
            disabled={part.disabled}
            testId="rule-step-fallback"
            onChange={onFallback}
          />
          <p className={css.help}>{t('automation.editor.windowFallbackHelp')}</p>
          {step.fallback === undefined ? null : (
            <SendFields
              action={step.fallback}
              spot={{ in: 'fallback', index }}
              part={part}
              onChange={(fallback) => {
                if (fallback.kind === 'send_template') onChange({ ...step, fallback });
              }}
            />
          )}
        </>
      ) : null}
    </>
  );
}

const sourceNames = {
  fixed: 'automation.editor.source.fixed',
  name: 'automation.editor.source.name',
  phone: 'automation.editor.source.phone',
  field: 'automation.editor.source.field',
} as const satisfies Record<BroadcastValueSource, MessageKey>;

/**
 * One value of a template: where it comes from (the sources its slot may take; the change is the
 * machine's `valueSource` edit), then a fixed text to type, or a customer field's name, and the
 * text used when the customer's name or field is empty.
 */
function ValueField({
  label,
  slot,
  value,
  disabled,
  onSource,
  onChange,
}: {
  label: string;
  slot: TemplateValueField;
  value: BroadcastValue;
  disabled: boolean;
  onSource(source: BroadcastValueSource): void;
  onChange(value: BroadcastValue): void;
}) {
  const t = useT();
  const sources = valueSourcesFor(slot);
  return (
    <div className={css.part} data-testid="rule-template-value">
      <span className={css.partTitle}>{label}</span>
      <OptionSelect
        label={t('automation.editor.valueSource')}
        testId="rule-value-source"
        isDisabled={disabled}
        options={sources.map((source) => ({ id: source, label: t(sourceNames[source]) }))}
        selected={value.source}
        onSelect={(id) => {
          const source = sources.find((candidate) => candidate === id);
          if (source !== undefined) onSource(source);
        }}
      />
      {value.source === 'fixed' || value.source === 'field' ? (
        <TextField
          label={t(value.source === 'fixed' ? 'automation.editor.fixedText' : 'automation.editor.fieldName')}
          value={value.value}
          isDisabled={disabled}
          onChange={(text) => onChange({ ...value, value: text })}
        />
      ) : null}
      {value.source === 'name' || value.source === 'field' ? (
        <TextField
          label={t('automation.editor.valueFallback')}
          value={value.fallback}
          isDisabled={disabled}
          description={t(
            value.source === 'field'
              ? 'automation.editor.valueFallbackField'
              : 'automation.editor.valueFallbackOptional',
          )}
          onChange={(fallback) => onChange({ ...value, fallback })}
        />
      ) : null}
    </div>
  );
}

/**
 * A template's values, as its examples started them (`withTemplate`) and as the member changes
 * their sources: fixed texts to type, the customer's name, phone or a field, a media header's file
 * from the gallery.
 */
function TemplateValues({
  values,
  spot,
  part,
  onChange,
}: {
  values: BroadcastValues;
  spot: TemplateSpot;
  part: PartContext;
  onChange(values: BroadcastValues): void;
}) {
  const t = useT();
  const { disabled } = part;
  const { header, headerMediaId, buttonUrl } = values;
  const source = (slot: TemplateValueField) => (next: BroadcastValueSource) =>
    part.edit({ op: 'valueSource', at: spot, slot, source: next });
  return (
    <>
      {header === undefined ? null : (
        <ValueField
          label={t('automation.editor.headerValue')}
          slot={{ field: 'header' }}
          value={header}
          disabled={disabled}
          onSource={source({ field: 'header' })}
          onChange={(next) => onChange({ ...values, header: next })}
        />
      )}
      {headerMediaId === undefined ? null : (
        <GalleryField
          label={t('automation.editor.headerFile')}
          selected={headerMediaId}
          part={part}
          onChange={(id) => onChange({ ...values, headerMediaId: id })}
        />
      )}
      {values.body.map((value, index) => (
        <ValueField
          key={index}
          label={t('automation.editor.variable', { number: index + 1 })}
          slot={{ field: 'body', index }}
          value={value}
          disabled={disabled}
          onSource={source({ field: 'body', index })}
          onChange={(next) =>
            onChange({ ...values, body: values.body.map((item, at) => (at === index ? next : item)) })
          }
        />
      ))}
      {buttonUrl === undefined ? null : (
        <ValueField
          label={t('automation.editor.buttonValue')}
          slot={{ field: 'buttonUrl' }}
          value={buttonUrl}
          disabled={disabled}
          onSource={source({ field: 'buttonUrl' })}
          onChange={(next) => onChange({ ...values, buttonUrl: next })}
        />
      )}
    </>
  );
}
