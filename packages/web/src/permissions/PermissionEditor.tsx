import { useState } from 'react';
import { Checkbox } from 'react-aria-components';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { roleTemplates } from '@sapa/sdk';
import type { MessageKey, PermissionKey } from '@sapa/sdk';
import {
  permissionNodes,
  selectKeyState,
  selectMatchingTemplate,
  type permissionEditorMachine,
  type PermissionKeyState,
  type PermissionNode,
} from '@sapa/machines/team';
import { FormError } from '../auth/AuthLayout.tsx';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import * as css from './permissions.css.ts';
import { loadTeamTexts } from '../i18n/teamTexts.ts';

// The project area's texts are not loaded with the app.
loadTeamTexts();

export type PermissionEditorActor = ActorRefFrom<typeof permissionEditorMachine>;

/** A node's name (`perm.node.crm.chat`). */
export function nodeName(t: Translate, path: string): string {
  return t(`perm.node.${path}` as MessageKey);
}

/** A key's own name (`perm.key.add_label`). */
export function keyName(t: Translate, key: PermissionKey): string {
  return t(`perm.key.${key.split('.').pop() ?? ''}` as MessageKey);
}

/** The name of the node a key belongs to (`crm.label.menu` → Label). */
function nodeOf(t: Translate, key: PermissionKey): string {
  return nodeName(t, key.split('.').slice(0, -1).join('.'));
}

/**
 * A member's permission editor (permissionEditorMachine) in a dialog: the role templates as
 * starting points, then the whole tree of SPEC.md section 6 as nested ticks, each top section
 * collapsible. A key under a menu that is off is greyed out, and so is a key the editor could
 * not grant (the reason is its description); the server's refusals show above the buttons.
 */
export function PermissionEditorDialog({
  actor,
  onCancel,
}: {
  actor: PermissionEditorActor;
  onCancel(): void;
}) {
  const t = useT();
  const member = useSelector(actor, (snapshot) => snapshot.context.member);
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const matching = useSelector(actor, selectMatchingTemplate);
  const failure = problem
    ? t(`editor.${problem}`)
    : error
      ? t('editor.failed', { message: error.message })
      : null;
  return (
    <ModalDialog
      title={t('editor.title', { name: member.name })}
      isOpen
      size="lg"
      onOpenChange={(open) => (open || saving ? null : onCancel())}
    >
      <div className={css.editor} data-testid="permission-editor">
        {member.self ? (
          <p className={css.notice}>
            {member.role === 'owner' ? t('editor.ownerSelfNotice') : t('editor.selfNotice')}
          </p>
        ) : null}
        <div className={css.templates} role="group" aria-label={t('editor.startFrom')}>
          <span className={css.summary}>{t('editor.startFrom')}</span>
          {roleTemplates.map((template) => (
            <Button
              key={template}
              size="sm"
              tone="secondary"
              isDisabled={saving}
              aria-label={t('editor.templateLabel', { template: t(`template.${template}`) })}
              data-testid={`permission-template-${template}`}
              onPress={() => actor.send({ type: 'permissions.template', template })}
            >
              {t(`template.${template}`)}
            </Button>
          ))}
        </div>
        <p className={css.summary} data-testid="permission-summary">
          {matching ? t('editor.matches', { template: t(`template.${matching}`) }) : t('editor.custom')} ·{' '}
          {t('editor.count', { count: selected.length })}
        </p>
        <PermissionTree actor={actor} busy={saving} />
        <FormError message={failure} />
        <div className={dialog.actions}>
          <Button tone="secondary" isDisabled={saving} onPress={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button
            data-testid="permission-save"
            isDisabled={saving}
            onPress={() => actor.send({ type: 'permissions.save' })}
          >
            {saving ? t('editor.saving') : t('editor.save')}
          </Button>
        </div>
      </div>
    </ModalDialog>
  );
}

function PermissionTree({ actor, busy }: { actor: PermissionEditorActor; busy: boolean }) {
  const t = useT();
  return (
    <div className={css.tree} role="group" aria-label={t('editor.tree')}>
      {permissionNodes.map((node) => (
        <TopSection key={node.path} node={node} actor={actor} busy={busy} />
      ))}
    </div>
  );
}

/** A top node (Laporan, Pengiklan, CRM, Proyek): its own keys, then its children, collapsible. */
function TopSection({
  node,
  actor,
  busy,
}: {
  node: PermissionNode;
  actor: PermissionEditorActor;
  busy: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState(true);
  const name = nodeName(t, node.path);
  const regionId = `permission-section-${node.path}`;
  return (
    <section className={css.section} aria-label={name} data-testid={`permission-section-${node.path}`}>
      <div className={css.sectionHead}>
        <Button
          size="sm"
          tone="ghost"
          aria-expanded={open}
          aria-controls={regionId}
          aria-label={open ? t('editor.collapse', { name }) : t('editor.expand', { name })}
          onPress={() => setOpen((value) => !value)}
        >
          {open ? '▾' : '▸'}
        </Button>
        <h3 className={css.sectionTitle}>{name}</h3>
        <Keys keys={node.keys} actor={actor} busy={busy} />
      </div>
      {open ? (
        <div id={regionId} className={css.children}>
          {node.children.map((child) => (
            <div key={child.path} className={css.node} role="group" aria-label={nodeName(t, child.path)}>
              <h4 className={css.nodeTitle}>{nodeName(t, child.path)}</h4>
              <Keys keys={child.keys} actor={actor} busy={busy} />
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function Keys({ keys, actor, busy }: { keys: PermissionKey[]; actor: PermissionEditorActor; busy: boolean }) {
  return (
    <div className={css.keys}>
      {keys.map((key) => (
        <KeyTick key={key} permission={key} actor={actor} busy={busy} />
      ))}
    </div>
  );
}

function KeyTick({
  permission,
  actor,
  busy,
}: {
  permission: PermissionKey;
  actor: PermissionEditorActor;
  busy: boolean;
}) {
  const t = useT();
  const state = useSelector(actor, (snapshot) => selectKeyState(snapshot, permission), sameState);
  const why =
    state.reason === 'menuOff' && state.menu !== null
      ? t('editor.menuOff', { name: nodeOf(t, state.menu) })
      : state.reason === 'notGrantable'
        ? t('editor.notGrantable')
        : state.reason === 'ownerKeeps'
          ? t('editor.ownerKeeps')
          : undefined;
  return (
    <Checkbox
      className={css.checkbox}
      isSelected={state.checked}
      isDisabled={state.disabled || busy}
      aria-label={`${nodeOf(t, permission)}: ${keyName(t, permission)}`}
      data-testid={`perm-${permission}`}
      data-permission={permission}
      onChange={(on) => actor.send({ type: 'permissions.toggle', permission, on })}
    >
      <span className={css.box} aria-hidden="true">
        {state.checked ? '✓' : ''}
      </span>
      <span title={why}>{keyName(t, permission)}</span>
    </Checkbox>
  );
}

function sameState(a: PermissionKeyState, b: PermissionKeyState): boolean {
  return a.checked === b.checked && a.disabled === b.disabled && a.reason === b.reason && a.menu === b.menu;
}
