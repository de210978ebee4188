import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Switch } from 'react-aria-components';
import { useActorRef, useSelector } from '@xstate/react';
import type { Actor } from 'xstate';
import {
  formatDateTime,
  type AutomationRuleKind,
  type AutomationRuleView,
  type MessageKey,
  type Project,
} from '@sapa/sdk';
import {
  automationPermissions,
  automationRulesMachine,
  followAutomationRules,
  ruleCanMove,
  selectActivity,
  selectDeleteConfirm,
  selectMovingId,
  selectRuleEditor,
  selectRuleTable,
  selectSwitchingId,
  type AutomationPermissions,
} from '@sapa/machines/automation';
import { fetchActPage } from '@sapa/machines/table';
import { Button } from '../components/Button.tsx';
import { ConfirmDeleteDialog } from '../crm/ConfirmDeleteDialog.tsx';
import { CrmHeading, CrmPage, CrmSearch, useAnnouncements } from '../crm/CrmPage.tsx';
import { withRowActions } from '../crm/rowActions.tsx';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { loadAutomationTexts } from '../i18n/automationTexts.ts';
import { useRuntime } from '../RuntimeProvider.tsx';
import { DataTable } from '../table/DataTable.tsx';
import { ActivityDialog } from './ActivityDialog.tsx';
import { RuleEditorDialog } from './RuleEditorDialog.tsx';
import { triggerWords } from './words.ts';
import * as css from './automation.css.ts';

// Its texts load with this screen, not with the app.
loadAutomationTexts();

type RulesActor = Actor<typeof automationRulesMachine>;

/** Each kind's screen title (the routes' titles). */
const titles = {
  auto_reply: 'screen.crm.autoReply',
  auto_division: 'screen.crm.autoDivisi',
  auto_stage: 'screen.crm.autoStage',
  follow_up: 'screen.crm.autofu',
} as const satisfies Record<AutomationRuleKind, MessageKey>;

/**
 * `/crm/auto-reply/{key}`, `/crm/auto-divisi/{key}`, `/crm/auto-stage/{key}` and
 * `/crm/autofu/{key}`: one screen for the four kinds of automation rule (automationRulesMachine):
 * the kind's rules in the order they are tried, 10 a page, searched by name, each switched on or
 * off, moved up or down, opened in the editor (its trigger, conditions and actions or steps, with
 * the try box), its activity log, deleted after a confirmation; rows follow other members' changes
 * live. Controls follow the kind's permission keys (`automationPermissions`); the server checks
 * them again.
 */
export function AutomationPage({ kind }: { kind: AutomationRuleKind }) {
  const t = useT();
  const permissions = useCallback((keys: readonly string[]) => automationPermissions(kind, keys), [kind]);
  return (
    <CrmPage title={t(titles[kind])} permissions={permissions} noAccess={t('automation.noAccess')}>
      {(project, may) => <Rules key={kind} kind={kind} project={project} may={may} />}
    </CrmPage>
  );
}

function Rules({
  kind,
  project,
  may,
}: {
  kind: AutomationRuleKind;
  project: Project;
  may: AutomationPermissions;
}) {
  const t = useT();
  const { client, realtime, inbox } = useRuntime();
  const [fetchPage] = useState(() => fetchActPage<'automation_rule_list'>(client));
  const [fetchActivity] = useState(() => fetchActPage<'automation_activity_list'>(client));
  const actor = useActorRef(automationRulesMachine, {
    input: { client, key: project.key, kind, permissions: project.permissions, fetchPage, fetchActivity },
  });
  // Rows follow other members' changes, and the page is asked again after a drop.
  useEffect(
    () => followAutomationRules(realtime, inbox.connection, project.key, actor),
    [realtime, inbox, project.key, actor],
  );
  useAnnouncements(actor, {
    'automation.saved': ({ rule, created }) => ({
      message: t(created ? 'automation.added' : 'automation.changed', { name: rule.name }),
    }),
    'automation.switched': ({ rule }) => ({
      message: t(rule.enabled ? 'automation.switchedOn' : 'automation.switchedOff', { name: rule.name }),
    }),
    'automation.switchFailed': ({ name, message }) => ({
      message: t('automation.switchFailed', { name, message }),
      tone: 'error',
    }),
    'automation.removed': ({ name }) => ({ message: t('automation.deleted', { name }) }),
    'automation.moved': ({ name }) => ({ message: t('automation.moved', { name }) }),
    'automation.moveFailed': ({ name, message }) => ({
      message: t('automation.moveFailed', { name, message }),
      tone: 'error',
    }),
  });
  const table = useSelector(actor, selectRuleTable);
  const columns = useMemo(() => ruleColumns(t, actor, may, project), [t, actor, may, project]);
  return (
    <>
      <CrmHeading
        title={t(titles[kind])}
        add={
          may.add
            ? {
                text: t('automation.add'),
                testId: 'rule-add',
                onPress: () => actor.send({ type: 'automation.add' }),
              }
            : null
        }
      />
      <p className={css.intro}>{t(`automation.intro.${kind}`)}</p>
      <CrmSearch
        label={t('automation.search')}
        placeholder={t('automation.searchPlaceholder')}
        testId="rule-search"
        onChange={(text) => actor.send({ type: 'automation.search', text })}
      />
      {table ? (
        <DataTable
          actor={table}
          columns={columns}
          getRowId={(rule) => rule.id}
          label={t('automation.table')}
        />
      ) : null}
      <RuleDialogs actor={actor} project={project} />
    </>
  );
}

/** The editor, the activity log or a delete to confirm, over the table. */
function RuleDialogs({ actor, project }: { actor: RulesActor; project: Project }) {
  const t = useT();
  const editor = useSelector(actor, selectRuleEditor);
  const activity = useSelector(actor, selectActivity);
  const confirm = useSelector(actor, selectDeleteConfirm);
  if (editor !== undefined) return <RuleEditorDialog editor={editor} project={project} />;
  if (activity.table !== undefined && activity.rule !== null)
    return (
      <ActivityDialog
        table={activity.table}
        rule={activity.rule}
        timeZone={project.timeZone}
        onClose={() => actor.send({ type: 'automation.closeActivity' })}
      />
    );
  if (confirm !== null)
    return (
      <ConfirmDeleteDialog
        title={t('automation.deleteTitle')}
        body={t('automation.deleteBody', { name: confirm.rule.name })}
        error={confirm.error?.message ?? null}
        busy={confirm.deleting}
        confirmText={t('automation.delete')}
        confirmTestId="rule-delete-confirm"
        onConfirm={() => actor.send({ type: 'automation.confirmDelete' })}
        onCancel={() => actor.send({ type: 'automation.cancelDelete' })}
      />
    );
  return null;
}

/** The order cell's two buttons. */
const moves = [
  { direction: 'up', label: 'automation.moveUp', arrow: '↑' },
  { direction: 'down', label: 'automation.moveDown', arrow: '↓' },
] as const;

/** Its place (with up and down for those who may edit), waiting while a move runs. */
function OrderCell({
  actor,
  rule,
  may,
}: {
  actor: RulesActor;
  rule: AutomationRuleView;
  may: AutomationPermissions;
}) {
  const t = useT();
  const moving = useSelector(actor, selectMovingId);
  return (
    <span className={css.orderCell}>
      <span className={css.orderNumber} data-testid="rule-position">
        {rule.position + 1}
      </span>
      {may.edit
        ? moves.map(({ direction, label, arrow }) => (
            <Button
              key={direction}
              size="sm"
              tone="ghost"
              aria-label={t(label, { name: rule.name })}
              data-testid={`rule-${direction}`}
              isDisabled={moving !== null || !ruleCanMove(rule, direction)}
              onPress={() => actor.send({ type: 'automation.move', rule, direction })}
            >
              {arrow}
            </Button>
          ))
        : null}
    </span>
  );
}

/** On or off; only with the kind's edit key, one switch at a time. */
function SwitchCell({
  actor,
  rule,
  may,
}: {
  actor: RulesActor;
  rule: AutomationRuleView;
  may: AutomationPermissions;
}) {
  const t = useT();
  const switching = useSelector(actor, selectSwitchingId);
  return (
    <Switch
      className={css.switchRoot}
      isSelected={switching === rule.id ? !rule.enabled : rule.enabled}
      isDisabled={!may.edit || switching !== null}
      aria-label={t('automation.switchLabel', { name: rule.name })}
      data-testid="rule-switch"
      onChange={(enabled) => actor.send({ type: 'automation.switch', rule, enabled })}
    >
      <span className={`${css.switchTrack} ${css.switchOn}`} aria-hidden="true" />
    </Switch>
  );
}

function ruleColumns(
  t: Translate,
  actor: RulesActor,
  may: AutomationPermissions,
  project: Project,
): ColumnDef<AutomationRuleView>[] {
  const columns: ColumnDef<AutomationRuleView>[] = [
    {
      id: 'name',
      header: t('automation.column.name'),
      size: 220,
      cell: ({ row }) => (
        <span className={css.nameCell}>
          <button
            type="button"
            className={css.nameButton}
            data-testid="rule-name"
            onClick={() => actor.send({ type: 'automation.edit', rule: row.original })}
          >
            {row.original.name}
          </button>
          <span className={css.muted}>{triggerWords(t, row.original.trigger)}</span>
        </span>
      ),
    },
    {
      id: 'order',
      header: t('automation.column.order'),
      size: may.edit ? 120 : 70,
      cell: ({ row }) => <OrderCell actor={actor} rule={row.original} may={may} />,
    },
    {
      id: 'status',
      header: t('automation.column.status'),
      size: 70,
      cell: ({ row }) => <SwitchCell actor={actor} rule={row.original} may={may} />,
    },
    {
      id: 'lastFired',
      header: t('automation.column.lastFired'),
      size: 150,
      cell: ({ row }) => {
        const { lastFiredAt, kind, runningFollowUps } = row.original;
        return (
          <span className={css.nameCell}>
            <span>
              {lastFiredAt === null ? t('automation.never') : formatDateTime(lastFiredAt, project.timeZone)}
            </span>
            {kind === 'follow_up' ? (
              <span className={css.muted}>{t('automation.running', { count: runningFollowUps })}</span>
            ) : null}
          </span>
        );
      },
    },
  ];
  return withRowActions(columns, {
    header: t('automation.column.actions'),
    edit: {
      allowed: true,
      text: may.edit ? t('automation.edit') : t('automation.view'),
      label: (rule) => t(may.edit ? 'automation.editLabel' : 'automation.viewLabel', { name: rule.name }),
      testId: 'rule-edit',
      onPress: (rule) => actor.send({ type: 'automation.edit', rule }),
    },
    other: {
      allowed: true,
      icon: 'message',
      text: t('automation.activity'),
      label: (rule) => t('automation.activityLabel', { name: rule.name }),
      testId: 'rule-activity',
      onPress: (rule) => actor.send({ type: 'automation.activity', rule }),
    },
    remove: {
      allowed: may.remove,
      text: t('automation.delete'),
      label: (rule) => t('automation.deleteLabel', { name: rule.name }),
      testId: 'rule-delete',
      onPress: (rule) => actor.send({ type: 'automation.delete', rule }),
    },
  });
}
