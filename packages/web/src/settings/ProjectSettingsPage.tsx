import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  Button as AriaButton,
  Checkbox,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { NAME_MAX } from '@sapa/sdk';
import type { Project } from '@sapa/sdk';
import {
  matchTimeZones,
  projectOwnership,
  projectSettingsMachine,
  selectDeleteConfirmed,
  selectSettingsStatus,
  settingsPermissions,
  type SettingsDay,
} from '@sapa/machines/team';
import { FormError } from '../auth/AuthLayout.tsx';
import { Button } from '../components/Button.tsx';
import { HourPicker } from '../components/HourPicker.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import * as field from '../components/field.css.ts';
import * as hourCss from '../components/hourPicker.css.ts';
import { listBox, listOption } from '../components/listBox.css.ts';
import { CrmHeading, CrmPage, useAnnouncements } from '../crm/CrmPage.tsx';
import { fieldErrorText } from '../crm/crudDialogs.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useRuntime } from '../RuntimeProvider.tsx';
import { useProjectActor } from '../project/ProjectScope.tsx';
import { OptOutSection } from './OptOutSection.tsx';
import * as css from './settings.css.ts';
import { loadTeamTexts } from '../i18n/teamTexts.ts';

// The project area's texts are not loaded with the app.
loadTeamTexts();

type SettingsActor = ActorRefFrom<typeof projectSettingsMachine>;

const NO_DIVISION = 'none';

/**
 * `/project/setting/{key}` (`project.edit`): the project's name, time zone (a searchable list of
 * the zones the browser knows), working hours per weekday (open tick, from and to with the hour
 * picker) and default division, the opt-out of broadcasts (words, answer, its switch:
 * OptOutSection); and deleting the project once its name is typed
 * (projectSettingsMachine). Deleted, the app goes home.
 */
export function ProjectSettingsPage() {
  const t = useT();
  return (
    <CrmPage
      title={t('screen.project.setting')}
      permissions={settingsPermissions}
      noAccess={t('settings.noAccess')}
    >
      {(project) => <Settings project={project} />}
    </CrmPage>
  );
}

function Settings({ project }: { project: Project }) {
  const t = useT();
  const { client } = useRuntime();
  const [, navigate] = useLocation();
  const projectActor = useProjectActor();
  const actor = useActorRef(projectSettingsMachine, {
    input: { client, key: project.key, project: projectActor },
  });
  const status = useSelector(actor, selectSettingsStatus);
  const loadError = useSelector(actor, (snapshot) => snapshot.context.loadError);
  useAnnouncements(actor, {
    'settings.saved': () => ({ message: t('settings.saved') }),
    'settings.deleted': ({ name }) => {
      navigate('/', { replace: true });
      return { message: t('settings.deleted', { name }) };
    },
  });
  return (
    <>
      <CrmHeading title={t('screen.project.setting')} />
      {status === 'loading' ? <Spinner label={t('settings.loading')} /> : null}
      {status === 'failed' ? (
        <div className={css.actions}>
          <FormError message={t('settings.loadFailed', { message: loadError?.message ?? '' })} />
          <Button onPress={() => actor.send({ type: 'settings.retry' })}>{t('common.retry')}</Button>
        </div>
      ) : null}
      {status === 'ready' ? (
        <SettingsForm actor={actor} mayDelete={projectOwnership(project).delete} />
      ) : null}
    </>
  );
}

function SettingsForm({ actor, mayDelete }: { actor: SettingsActor; mayDelete: boolean }) {
  const t = useT();
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const saveError = useSelector(actor, (snapshot) => snapshot.context.saveError);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  return (
    <form
      className={css.form}
      noValidate
      data-testid="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'settings.save' });
      }}
    >
      <section className={css.section} aria-labelledby="settings-general">
        <h2 id="settings-general" className={css.sectionTitle}>
          {t('settings.general')}
        </h2>
        <TextField
          label={t('settings.name')}
          value={draft.name}
          maxLength={NAME_MAX}
          error={fieldErrorText(t, errors.name)}
          isDisabled={saving}
          onChange={(value) => actor.send({ type: 'settings.name', value })}
        />
        <TimeZoneField actor={actor} disabled={saving} />
        <DivisionField actor={actor} disabled={saving} />
      </section>
      <section className={css.section} aria-labelledby="settings-hours">
        <h2 id="settings-hours" className={css.sectionTitle}>
          {t('settings.workingHours')}
        </h2>
        <p className={css.muted}>{t('settings.workingHoursHint')}</p>
        {draft.workingHours.map((day) => {
          const dayName = t(`settings.day.${day.day}`);
          const error = fieldErrorText(t, errors[`day.${day.day}`]);
          return (
            <div
              key={day.day}
              className={css.day}
              role="group"
              aria-label={dayName}
              data-testid={`settings-day-${day.day}`}
            >
              <span className={css.dayName}>{dayName}</span>
              <Checkbox
                className={css.checkbox}
                isSelected={day.open}
                isDisabled={saving}
                aria-label={`${dayName}: ${t('settings.open')}`}
                onChange={(open) => actor.send({ type: 'settings.day', day: day.day as SettingsDay, open })}
              >
                <span className={css.box} aria-hidden="true">
                  {day.open ? '✓' : ''}
                </span>
                {t('settings.open')}
              </Checkbox>
              <HourPicker
                label={`${t('settings.from')} (${dayName})`}
                value={day.from}
                isRequired
                isDisabled={saving || !day.open}
                testId={`settings-from-${day.day}`}
                onChange={(from) => (from ? actor.send({ type: 'settings.day', day: day.day, from }) : null)}
              />
              <HourPicker
                label={`${t('settings.to')} (${dayName})`}
                value={day.to}
                isRequired
                isDisabled={saving || !day.open}
                testId={`settings-to-${day.day}`}
                onChange={(to) => (to ? actor.send({ type: 'settings.day', day: day.day, to }) : null)}
              />
              {error ? (
                <p className={css.dayError} role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </section>
      <OptOutSection actor={actor} disabled={saving} />
      <FormError message={saveError ? t('settings.failed', { message: saveError.message }) : null} />
      <div className={css.actions}>
        <Button type="submit" data-testid="settings-save" isDisabled={saving}>
          {saving ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
      <DangerZone actor={actor} mayDelete={mayDelete} />
    </form>
  );
}

/** A searchable list of the known time zones; the typed text filters by words. */
function TimeZoneField({ actor, disabled }: { actor: SettingsActor; disabled: boolean }) {
  const t = useT();
  const zones = useSelector(actor, (snapshot) => snapshot.context.timeZones);
  const value = useSelector(actor, (snapshot) => snapshot.context.draft.timeZone);
  const error = useSelector(actor, (snapshot) => snapshot.context.fieldErrors.timeZone);
  const [items] = useState(() => zones.map((zone) => ({ id: zone, name: zone.replace(/_/g, ' ') })));
  const message = fieldErrorText(t, error);
  return (
    <ComboBox
      className={field.field}
      defaultItems={items}
      selectedKey={value}
      isDisabled={disabled}
      isInvalid={Boolean(message)}
      validationBehavior="aria"
      defaultFilter={(text, input) => matchTimeZones([text], input).length > 0}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) actor.send({ type: 'settings.timeZone', value: String(key) });
      }}
    >
      <Label className={field.label}>{t('settings.timeZone')}</Label>
      <div className={field.inputRow}>
        <Input className={field.input} data-testid="settings-timezone" />
        <AriaButton className={css.comboButton} aria-label={t('settings.timeZone')}>
          ▾
        </AriaButton>
      </div>
      <FieldError className={field.error}>{message}</FieldError>
      <Popover className={css.popover}>
        <ListBox className={listBox} renderEmptyState={() => t('settings.timeZoneEmpty')}>
          {(item: { id: string; name: string }) => (
            <ListBoxItem id={item.id} className={listOption} textValue={item.name}>
              {item.name}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/** The default division: none, or one of the project's divisions. */
function DivisionField({ actor, disabled }: { actor: SettingsActor; disabled: boolean }) {
  const t = useT();
  const value = useSelector(actor, (snapshot) => snapshot.context.draft.defaultDivisionId);
  const divisions = useSelector(actor, (snapshot) => snapshot.context.divisions);
  const failed = useSelector(actor, (snapshot) => snapshot.context.divisionsError);
  const error = useSelector(actor, (snapshot) => snapshot.context.fieldErrors.defaultDivisionId);
  const saved = useSelector(actor, (snapshot) => snapshot.context.settings?.defaultDivision ?? null);
  // The saved division stays offered even before (or without) the list.
  const options = [
    { id: NO_DIVISION, name: t('settings.noDivision') },
    ...divisions,
    ...(saved !== null && !divisions.some((division) => division.id === saved.id) ? [saved] : []),
  ];
  const message = fieldErrorText(t, error);
  return (
    <div className={field.field}>
      <Select
        className={hourCss.picker}
        selectedKey={value ?? NO_DIVISION}
        isDisabled={disabled}
        isInvalid={Boolean(message)}
        validationBehavior="aria"
        onSelectionChange={(key: Key | null) =>
          actor.send({
            type: 'settings.division',
            id: key === null || key === NO_DIVISION ? null : String(key),
          })
        }
      >
        <Label className={field.label}>{t('settings.defaultDivision')}</Label>
        <AriaButton className={hourCss.button} data-testid="settings-division">
          <SelectValue className={hourCss.value} />
          <span aria-hidden="true">▾</span>
        </AriaButton>
        <Text slot="description" className={field.description}>
          {t('settings.defaultDivisionHint')}
        </Text>
        <FieldError className={field.error}>{message}</FieldError>
        <Popover className={hourCss.popover}>
          <ListBox className={hourCss.listBox} items={options}>
            {(option) => (
              <ListBoxItem id={option.id} className={hourCss.option} textValue={option.name}>
                {option.name}
              </ListBoxItem>
            )}
          </ListBox>
        </Popover>
      </Select>
      {failed ? (
        <div className={css.actions}>
          <span className={field.error}>{t('settings.divisionsFailed', { message: failed.message })}</span>
          <Button size="sm" tone="secondary" onPress={() => actor.send({ type: 'settings.divisionsRetry' })}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * Deleting the project: a confirmation where its name must be typed exactly. Only its owner may
 * (`projectOwnership`); anyone else reads who can.
 */
function DangerZone({ actor, mayDelete }: { actor: SettingsActor; mayDelete: boolean }) {
  const t = useT();
  const confirming = useSelector(actor, (snapshot) => snapshot.hasTag('confirming'));
  const deleting = useSelector(actor, (snapshot) => snapshot.hasTag('deleting'));
  const name = useSelector(actor, (snapshot) => snapshot.context.settings?.name ?? '');
  const typed = useSelector(actor, (snapshot) => snapshot.context.deleteName);
  const confirmed = useSelector(actor, selectDeleteConfirmed);
  const error = useSelector(actor, (snapshot) => snapshot.context.deleteError);
  return (
    <section className={css.danger} aria-labelledby="settings-danger">
      <h2 id="settings-danger" className={css.sectionTitle}>
        {t('settings.danger')}
      </h2>
      <p className={css.muted}>{t('settings.deleteBody')}</p>
      {mayDelete ? (
        <div className={css.actions}>
          <Button
            tone="secondary"
            data-testid="settings-delete"
            onPress={() => actor.send({ type: 'settings.delete' })}
          >
            {t('settings.delete')}
          </Button>
        </div>
      ) : (
        <p className={css.muted} data-testid="settings-delete-owner-only">
          {t('settings.deleteOwnerOnly')}
        </p>
      )}
      {mayDelete && confirming ? (
        <ModalDialog
          title={t('settings.deleteTitle', { name })}
          isOpen
          onOpenChange={(open) => (open || deleting ? null : actor.send({ type: 'settings.cancelDelete' }))}
        >
          <p className={css.muted}>{t('settings.deleteBody')}</p>
          <TextField
            label={t('settings.deleteType', { name })}
            value={typed}
            isDisabled={deleting}
            autoComplete="off"
            onChange={(value) => actor.send({ type: 'settings.deleteName', value })}
          />
          <FormError message={error ? t('settings.deleteFailed', { message: error.message }) : null} />
          <div className={dialog.actions}>
            <Button
              tone="secondary"
              isDisabled={deleting}
              onPress={() => actor.send({ type: 'settings.cancelDelete' })}
            >
              {t('common.cancel')}
            </Button>
            <Button
              data-testid="settings-delete-confirm"
              isDisabled={deleting || !confirmed}
              onPress={() => actor.send({ type: 'settings.confirmDelete' })}
            >
              {deleting ? t('settings.deleting') : t('settings.deleteConfirm')}
            </Button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
