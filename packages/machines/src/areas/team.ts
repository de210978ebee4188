/**
 * `@sapa/machines/team`: projects and the people in them. The project list and the open project,
 * members, invites and the invite page, the permission editor, project settings, leaving a project,
 * WhatsApp accounts (adding one through Meta's check) and their message templates (the list and
 * the editor), and the sidebar and route access that follow the user's permissions. Per
 * machine: the machine, its input, its events and its selectors.
 */
export {
  projectListMachine,
  selectProjectListStatus,
  selectProjects,
  followProjectCards,
} from '../projectListMachine.ts';
export type { ProjectListInput, ProjectListEvent } from '../projectListMachine.ts';
export {
  projectMachine,
  selectProject,
  selectProjectStatus,
  selectClosedHere,
  followProject,
} from '../projectMachine.ts';
export type { ProjectInput, ProjectEvent, ProjectStatus } from '../projectMachine.ts';
export { sidebarMenu, firstScreenPath } from '../sidebarMenu.ts';
export { mayOpen } from '../routeAccess.ts';

export {
  membersMachine,
  selectMembersDialog,
  selectMemberTable,
  selectPermissionEditor,
} from '../membersMachine.ts';
export type { MembersInput, MembersEvent } from '../membersMachine.ts';
export {
  memberPermissions,
  memberRowActions,
  projectOwnership,
  settingsPermissions,
} from '../membersActors.ts';
export type { MemberPermissions, MemberRowActions } from '../membersActors.ts';
export {
  permissionEditorMachine,
  permissionNodes,
  selectKeyState,
  selectMatchingTemplate,
  selectSelectedPermissions,
  selectEffectivePermissions,
} from '../permissionEditorMachine.ts';
export type {
  PermissionEditorInput,
  PermissionEditorEvent,
  PermissionKeyState,
  PermissionNode,
} from '../permissionEditorMachine.ts';
export {
  invitesMachine,
  selectInvitesDialog,
  selectInviteTable,
  selectInviteLink,
} from '../invitesMachine.ts';
export type { InvitesInput, InvitesEvent } from '../invitesMachine.ts';
export {
  invitePageMachine,
  selectInvitePageStatus,
  selectInvitePreview,
  selectInviteTarget,
} from '../invitePageMachine.ts';
export type { InvitePageInput, InvitePageEvent } from '../invitePageMachine.ts';
export {
  projectSettingsMachine,
  selectSettingsStatus,
  selectSettingsDirty,
  selectDeleteConfirmed,
  matchTimeZones,
} from '../projectSettingsMachine.ts';
export type {
  ProjectSettingsInput,
  ProjectSettingsEvent,
  SettingsDay,
  SettingsFieldError,
} from '../projectSettingsMachine.ts';
export { leaveProjectMachine, selectLeaveStatus } from '../leaveProjectMachine.ts';
export type { LeaveProjectInput, LeaveProjectEvent } from '../leaveProjectMachine.ts';

export {
  accountsMachine,
  selectAccounts,
  selectAccountsStatus,
  selectAccountForm,
  selectAddedAccount,
  selectChangeOf,
} from '../accountsMachine.ts';
export type { AccountsInput, AccountsEvent } from '../accountsMachine.ts';
export {
  accountFormMachine,
  selectAccountDraft,
  selectAccountFormErrors,
  selectAccountVerifying,
} from '../accountFormMachine.ts';
export type { AccountFormInput, AccountFormEvent } from '../accountFormMachine.ts';
export {
  templatesMachine,
  selectTemplates,
  selectTemplatesStatus,
  selectTemplatesSyncing,
  selectTemplateEditor,
} from '../templatesMachine.ts';
export type { TemplatesInput, TemplatesEvent } from '../templatesMachine.ts';
export {
  templateEditorMachine,
  selectTemplateForm,
  selectTemplatePreview,
  selectTemplateProblems,
  selectBodyVariables,
  selectMayAddButton,
} from '../templateEditorMachine.ts';
export type {
  TemplateEditorInput,
  TemplateEditorEvent,
  TemplateEditorProblems,
} from '../templateEditorMachine.ts';
export type {
  TemplateButtonKind,
  TemplateFieldProblem,
  TemplateForm,
  TemplateFormButton,
  TemplateHeaderChoice,
} from '../templateEditor.ts';
export { accountPermissions } from '../projectAccess.ts';
export type { AccountPermissions } from '../projectAccess.ts';
export type { AccountField, AccountForm, FieldError, FieldErrors } from '../validation.ts';
export type { FlowError } from '../actError.ts';
