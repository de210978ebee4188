import { useSelector } from '@xstate/react';
import { Input, Label, SearchField } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import type {
  AutomationAction,
  AutomationCondition,
  AutomationRuleDraft,
  AutomationTrigger,
  FollowUpStep,
  MessageKey,
  Project,
} from '@sapa/sdk';
import type { automationRuleEditorMachine } from '@sapa/machines/automation';
import {
  errorsUnder,
  selectBroadcastPicker,
  selectEditorBusy,
  selectEditorWritable,
  selectGalleryPaging,
  selectReferencesLoading,
  selectRuleDraft,
  selectRuleFieldErrors,
  selectRuleOffers,
  selectRuleReferences,
  selectRuleSaveError,
  type AutomationReferences,
  type RuleDraftEdit,
  type RuleFieldError,
  type RuleFieldErrors,
} from '@sapa/machines/automation';
import { FormError } from '../auth/AuthLayout.tsx';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField } from '../components/TextField.tsx';
import * as field from '../components/field.css.ts';
import { OptionSelect } from '../chat/OptionSelect.tsx';
import * as panel from '../chat/customerPanel.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import {
  ActionFields,
  AddPart,
  ConditionFields,
  DelayFields,
  PartCard,
  StepFields,
  Toggle,
} from './RuleParts.tsx';
import { TryBox } from './TryBox.tsx';
import * as css from './automation.css.ts';

export type EditorActor = ActorRefFrom<typeof automationRuleEditorMachine>;

/** A field error in words: the editor's own (a catalogue key) or the server's message. */
export function errorText(t: Translate, error: RuleFieldError): string {
  return 'message' in error ? error.message : t(error.key as MessageKey, error.params);
}

/** The errors on `prefix` and inside it, in words (a part's card shows them under its fields). */
export function errorsOf(t: Translate, errors: RuleFieldErrors, prefix: string): string | null {
  const found = errorsUnder(errors, prefix);
  return found.length === 0 ? null : found.map(([, error]) => errorText(t, error)).join(' ');
}

/**
 * What every part's fields need: the draft's change, the pickers' lists (and the gallery's next
 * page: whether there is one, whether it loads, why it failed), whether it is read only.
 */
export interface PartContext {
  edit(edit: RuleDraftEdit): void;
  references: AutomationReferences;
  gallery: { more: boolean; loading: boolean; error: string | null; load(): void };
  disabled: boolean;
  timeZone: string;
}

/**
 * A rule's editor (automationRuleEditorMachine): its name and switch (an auto-reply's quiet
 * period), its trigger, conditions, and actions or follow-up steps, each kind showing only what its
 * vocabulary offers; field errors (its own check's and the server's) on their fields; the try box;
 * Save for a member who may, else the rule read only.
 */
export function RuleEditorDialog({ editor, project }: { editor: EditorActor; project: Project }) {
  const t = useT();
  const draft = useSelector(editor, selectRuleDraft);
  const errors = useSelector(editor, selectRuleFieldErrors);
  const writable = useSelector(editor, selectEditorWritable);
  const busy = useSelector(editor, selectEditorBusy);
  const references = useSelector(editor, selectRuleReferences);
  const loading = useSelector(editor, selectReferencesLoading);
  const paging = useSelector(editor, selectGalleryPaging);
  const saveError = useSelector(editor, selectRuleSaveError);
  const isNew = useSelector(editor, (snapshot) => snapshot.context.ruleId === null);
  const close = () => editor.send({ type: 'editor.close' });
  const part: PartContext = {
    edit: (edit) => editor.send({ type: 'editor.edit', edit }),
    references,
    gallery: {
      more: paging.more,
      loading: paging.loading,
      error: paging.error?.message ?? null,
      load: () => editor.send({ type: 'editor.moreGallery' }),
    },
    disabled: !writable || busy,
    timeZone: project.timeZone,
  };
  const title = !writable
    ? 'automation.editor.titleView'
    : isNew
      ? 'automation.editor.titleNew'
      : 'automation.editor.titleEdit';
  return (
    <ModalDialog title={t(title)} isOpen size="xl" onOpenChange={(open) => (open || busy ? null : close())}>
      <form
        className={css.form}
        data-testid="rule-editor"
        onSubmit={(event) => {
          event.preventDefault();
          editor.send({ type: 'editor.save' });
        }}
      >
        {!writable ? <p className={css.help}>{t('automation.editor.readOnly')}</p> : null}
        {loading ? <p className={css.help}>{t('automation.editor.loading')}</p> : null}
        <Basics draft={draft} errors={errors} part={part} />
        <TriggerSection draft={draft} editor={editor} errors={errors} part={part} />
        <ConditionsSection draft={draft} editor={editor} errors={errors} part={part} />
        {draft.kind === 'follow_up' ? (
          <StepsSection steps={draft.steps} editor={editor} errors={errors} part={part} />
        ) : (
          <ActionsSection actions={draft.actions} editor={editor} errors={errors} part={part} />
        )}
        <TryBox editor={editor} timeZone={project.timeZone} />
        <FormError message={saveError?.message} />
        <div className={css.dialogActions}>
          <Button tone="secondary" data-testid="rule-editor-close" isDisabled={busy} onPress={close}>
            {t('automation.editor.close')}
          </Button>
          {writable ? (
            <Button type="submit" data-testid="rule-editor-save" isDisabled={busy}>
              {t('automation.editor.save')}
            </Button>
          ) : null}
        </div>
      </form>
    </ModalDialog>
  );
}

function Basics({
  draft,
  errors,
  part,
}: {
  draft: AutomationRuleDraft;
  errors: RuleFieldErrors;
  part: PartContext;
}) {
  const t = useT();
  return (
    <>
      <TextField
        label={t('automation.editor.name')}
        value={draft.name}
        isDisabled={part.disabled}
        error={errorsOf(t, errors, 'rule.name')}
        data-testid="rule-editor-name"
        onChange={(name) => part.edit({ op: 'name', name })}
      />
      <div className={css.row}>
        {draft.kind === 'auto_reply' ? (
          <div className={css.small}>
            <TextField
              label={t('automation.editor.quietPeriod')}
              type="number"
              value={String(draft.quietPeriodMinutes)}
              isDisabled={part.disabled}
              description={t('automation.editor.quietPeriodHelp')}
              error={errorsOf(t, errors, 'rule.quietPeriodMinutes')}
              onChange={(value) =>
                part.edit({ op: 'quietPeriod', minutes: Math.max(0, Math.trunc(Number(value) || 0)) })
              }
            />
          </div>
        ) : null}
        <Toggle
          label={t('automation.editor.enabled')}
          selected={draft.enabled}
          disabled={part.disabled}
          testId="rule-editor-enabled"
          onChange={(enabled) => part.edit({ op: 'enabled', enabled })}
        />
      </div>
    </>
  );
}

interface SectionProps {
  editor: EditorActor;
  errors: RuleFieldErrors;
  part: PartContext;
}

function TriggerSection({ draft, editor, errors, part }: SectionProps & { draft: AutomationRuleDraft }) {
  const t = useT();
  const offers = useSelector(editor, selectRuleOffers);
  return (
    <fieldset className={css.section} data-testid="rule-editor-trigger">
      <legend className={css.sectionTitle}>{t('automation.editor.trigger')}</legend>
      <OptionSelect
        label={t('automation.editor.triggerKind')}
        testId="rule-trigger-kind"
        isDisabled={part.disabled}
        options={offers.triggers.map((kind) => ({ id: kind, label: t(`automation.trigger.${kind}`) }))}
        selected={draft.trigger.kind}
        onSelect={(id) => {
          const kind = offers.triggers.find((value) => value === id);
          if (kind !== undefined) part.edit({ op: 'triggerKind', kind });
        }}
      />
      <TriggerValue trigger={draft.trigger} editor={editor} part={part} />
      <FormError message={errorsOf(t, errors, 'rule.trigger')} />
    </fieldset>
  );
}

/**
 * The trigger's own value: which label, stage or broadcast (or any), how long a no-reply trigger
 * waits.
 */
function TriggerValue({
  trigger,
  editor,
  part,
}: {
  trigger: AutomationTrigger;
  editor: EditorActor;
  part: PartContext;
}) {
  const t = useT();
  const ANY = 'any';
  switch (trigger.kind) {
    case 'label_added':
    case 'stage_entered': {
      const rows = trigger.kind === 'label_added' ? part.references.labels : part.references.stages;
      const selected = trigger.kind === 'label_added' ? trigger.labelId : trigger.stageId;
      return (
        <OptionSelect
          label={t(
            trigger.kind === 'label_added' ? 'automation.condition.label' : 'automation.condition.stage',
          )}
          isDisabled={part.disabled}
          options={[
            { id: ANY, label: t('automation.editor.any') },
            ...rows.map((row) => ({ id: row.id, label: row.name, color: row.color })),
          ]}
          selected={selected ?? ANY}
          onSelect={(id) => {
            const value = id === ANY ? null : id;
            part.edit({
              op: 'trigger',
              trigger:
                trigger.kind === 'label_added'
                  ? { kind: trigger.kind, labelId: value }
                  : { kind: trigger.kind, stageId: value },
            });
          }}
        />
      );
    }
    case 'broadcast_reply':
      return (
        <BroadcastValue
          picked={trigger.broadcastId}
          editor={editor}
          disabled={part.disabled}
          onPick={(broadcastId) => part.edit({ op: 'trigger', trigger: { kind: trigger.kind, broadcastId } })}
        />
      );
    case 'no_agent_reply':
    case 'no_customer_reply':
      return (
        <DelayFields
          label={t('automation.editor.after')}
          delay={trigger.after}
          disabled={part.disabled}
          onChange={(after) => part.edit({ op: 'trigger', trigger: { kind: trigger.kind, after } })}
        />
      );
    default:
      return null;
  }
}

/**
 * The `broadcast_reply` trigger's broadcast (selectBroadcastPicker): a search by name (for a member
 * who may view broadcasts) whose matches replace the choices after "any broadcast", the picked one
 * always among them; while a page loads, when nothing matches, and why a page failed.
 */
function BroadcastValue({
  picked,
  editor,
  disabled,
  onPick,
}: {
  picked: string | null;
  editor: EditorActor;
  disabled: boolean;
  onPick(broadcastId: string | null): void;
}) {
  const t = useT();
  const picker = useSelector(editor, selectBroadcastPicker);
  const ANY = 'any';
  return (
    <>
      {picker.searchable ? (
        <SearchField
          className={field.field}
          defaultValue={picker.search}
          isDisabled={disabled}
          onChange={(text) => editor.send({ type: 'editor.broadcasts.search', text })}
        >
          <Label className={panel.term}>{t('automation.editor.searchBroadcasts')}</Label>
          <div className={field.inputRow}>
            <Input
              className={field.input}
              placeholder={t('automation.editor.searchBroadcastsPlaceholder')}
              data-testid="rule-broadcast-search"
            />
          </div>
        </SearchField>
      ) : null}
      <OptionSelect
        label={t('automation.editor.broadcast')}
        testId="rule-trigger-broadcast"
        isDisabled={disabled}
        options={[
          { id: ANY, label: t('automation.editor.anyBroadcast') },
          ...picker.rows.map((row) => ({ id: row.id, label: row.name })),
        ]}
        selected={picked ?? ANY}
        onSelect={(id) => onPick(id === ANY ? null : id)}
      />
      {picker.loading ? <p className={css.help}>{t('automation.editor.loadingBroadcasts')}</p> : null}
      {picker.noMatch ? <p className={css.help}>{t('automation.editor.noBroadcastMatch')}</p> : null}
      <FormError
        message={
          picker.error === null
            ? null
            : t('automation.editor.broadcastsFailed', { message: picker.error.message })
        }
      />
    </>
  );
}

function ConditionsSection({ draft, editor, errors, part }: SectionProps & { draft: AutomationRuleDraft }) {
  const t = useT();
  const offers = useSelector(editor, selectRuleOffers);
  return (
    <fieldset className={css.section} data-testid="rule-editor-conditions">
      <legend className={css.sectionTitle}>{t('automation.editor.conditions')}</legend>
      <p className={css.help}>
        {draft.conditions.length === 0
          ? t('automation.editor.noConditions')
          : t('automation.editor.conditionsHelp')}
      </p>
      {draft.conditions.map((condition: AutomationCondition, index) => {
        const name = t(`automation.condition.${condition.kind}`);
        return (
          <PartCard
            key={`${index}-${condition.kind}`}
            title={name}
            removeLabel={t('automation.editor.removeLabel', { name })}
            disabled={part.disabled}
            error={errorsOf(t, errors, `rule.conditions.${index}`)}
            onRemove={() => part.edit({ op: 'removeCondition', index })}
          >
            <ConditionFields
              condition={condition}
              part={part}
              onChange={(next) => part.edit({ op: 'condition', index, condition: next })}
            />
          </PartCard>
        );
      })}
      <FormError message={errors['rule.conditions'] ? errorText(t, errors['rule.conditions']) : null} />
      {part.disabled ? null : (
        <AddPart
          label={t('automation.editor.addCondition')}
          testId="rule-add-condition"
          options={offers.conditions.map((kind) => ({ id: kind, label: t(`automation.condition.${kind}`) }))}
          onAdd={(id) => {
            const kind = offers.conditions.find((value) => value === id);
            if (kind !== undefined) part.edit({ op: 'addCondition', kind });
          }}
        />
      )}
    </fieldset>
  );
}

function ActionsSection({
  actions,
  editor,
  errors,
  part,
}: SectionProps & { actions: readonly AutomationAction[] }) {
  const t = useT();
  const offers = useSelector(editor, selectRuleOffers);
  return (
    <fieldset className={css.section} data-testid="rule-editor-actions">
      <legend className={css.sectionTitle}>{t('automation.editor.actions')}</legend>
      {actions.map((action, index) => {
        const name = t(`automation.action.${action.kind}`);
        return (
          <PartCard
            key={`${index}-${action.kind}`}
            title={name}
            removeLabel={t('automation.editor.removeLabel', { name })}
            disabled={part.disabled}
            error={errorsOf(t, errors, `rule.actions.${index}`)}
            onRemove={() => part.edit({ op: 'removeAction', index })}
          >
            <ActionFields
              action={action}
              index={index}
              part={part}
              onChange={(next) => part.edit({ op: 'action', index, action: next })}
            />
          </PartCard>
        );
      })}
      <FormError message={errors['rule.actions'] ? errorText(t, errors['rule.actions']) : null} />
      {part.disabled ? null : (
        <AddPart
          label={t('automation.editor.addAction')}
          testId="rule-add-action"
          options={offers.actions.map((kind) => ({ id: kind, label: t(`automation.action.${kind}`) }))}
          onAdd={(id) => {
            const kind = offers.actions.find((value) => value === id);
            if (kind !== undefined) part.edit({ op: 'addAction', kind });
          }}
        />
      )}
    </fieldset>
  );
}

function StepsSection({ steps, editor, errors, part }: SectionProps & { steps: readonly FollowUpStep[] }) {
  const t = useT();
  const offers = useSelector(editor, selectRuleOffers);
  return (
    <fieldset className={css.section} data-testid="rule-editor-steps">
      <legend className={css.sectionTitle}>{t('automation.editor.steps')}</legend>
      <p className={css.help}>{t('automation.editor.stepsHelp')}</p>
      {steps.map((step, index) => {
        const name = t('automation.editor.step', { number: index + 1 });
        return (
          <PartCard
            key={index}
            title={name}
            removeLabel={t('automation.editor.removeLabel', { name })}
            disabled={part.disabled || steps.length === 1}
            error={errorsOf(t, errors, `rule.steps.${index}`)}
            onRemove={() => part.edit({ op: 'removeStep', index })}
          >
            <StepFields
              step={step}
              index={index}
              part={part}
              onChange={(next) => part.edit({ op: 'step', index, step: next })}
              onFallback={(on) => part.edit({ op: 'stepFallback', index, on })}
            />
          </PartCard>
        );
      })}
      <FormError message={errors['rule.steps'] ? errorText(t, errors['rule.steps']) : null} />
      {part.disabled || !offers.step ? null : (
        <div className={css.addRow}>
          <Button
            tone="secondary"
            size="sm"
            data-testid="rule-add-step"
            onPress={() => part.edit({ op: 'addStep' })}
          >
            {t('automation.editor.addStep')}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
