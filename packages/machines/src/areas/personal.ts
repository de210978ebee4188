/**
 * `@sapa/machines/personal`: the signed-in user's own pages. Profile (form, avatar, phone change,
 * password), signed-in sessions, notifications and the header's bell. Per machine: the machine,
 * its input, its events and its selectors.
 */
export { profileFormMachine } from '../profileFormMachine.ts';
export type { ProfileFormInput, ProfileFormEvent } from '../profileFormMachine.ts';
export { profileAvatarMachine } from '../profileAvatarMachine.ts';
export type { ProfileAvatarInput, ProfileAvatarEvent } from '../profileAvatarMachine.ts';
export type { AvatarFile } from '../profileChecks.ts';
export { profilePhoneMachine, selectProfilePhoneStep } from '../profilePhoneMachine.ts';
export type { ProfilePhoneInput, ProfilePhoneEvent } from '../profilePhoneMachine.ts';
export { profilePasswordMachine } from '../profilePasswordMachine.ts';
export type { ProfilePasswordInput, ProfilePasswordEvent } from '../profilePasswordMachine.ts';
export { preferencesToApply } from '../profilePreferences.ts';

export {
  sessionsListMachine,
  selectSessions,
  selectSessionsListStatus,
  selectSessionRevoking,
  selectSessionsListError,
} from '../sessionsListMachine.ts';
export type { SessionsListInput, SessionsListEvent } from '../sessionsListMachine.ts';
export { describeUserAgent } from '../sessionsListDevice.ts';

export {
  notificationsMachine,
  selectNotifications,
  selectNotificationsStatus,
  selectNotificationsUnread,
  selectNotificationsHasMore,
  selectNotificationsLoadingMore,
  selectNotificationsError,
} from '../notificationsMachine.ts';
export type { NotificationsInput, NotificationsEvent } from '../notificationsMachine.ts';
export { notificationText, notificationTarget } from '../notificationsText.ts';
export type { NotificationTarget } from '../notificationsText.ts';
export {
  notificationBellMachine,
  selectUnreadNotifications,
  followNotifications,
} from '../notificationBellMachine.ts';
export type { NotificationBellInput, NotificationBellEvent } from '../notificationBellMachine.ts';
export type { FlowError } from '../actError.ts';
export type { FieldError, FieldErrors } from '../validation.ts';
