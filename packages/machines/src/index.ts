/** @sapa/machines: Sapa's XState v5 statecharts. The public surface, by name. */
export {
  sessionMachine,
  selectSessionStatus,
  selectUser,
  checkToken,
  logout,
  isInconclusive,
} from './sessionMachine.ts';
export type {
  SessionInput,
  SessionContext,
  SessionEvent,
  SessionTag,
  SessionStatus,
  SessionSnapshot,
  RedirectStore,
  SessionLocation,
} from './sessionMachine.ts';
export { otpMachine, selectOtpStep, verifyCode } from './otpMachine.ts';
export type {
  OtpInput,
  OtpContext,
  OtpEvent,
  OtpOutput,
  OtpTag,
  OtpStep,
  OtpSnapshot,
} from './otpMachine.ts';
export { loginMachine, selectLoginStep, submitLogin } from './loginMachine.ts';
export type {
  LoginInput,
  LoginContext,
  LoginEvent,
  LoginTag,
  LoginStep,
  LoginSnapshot,
} from './loginMachine.ts';
export { registerMachine, selectRegisterStep, submitRegister } from './registerMachine.ts';
export type {
  RegisterInput,
  RegisterContext,
  RegisterEvent,
  RegisterForm,
  RegisterTag,
  RegisterStep,
  RegisterSnapshot,
} from './registerMachine.ts';
export {
  forgotPasswordMachine,
  selectForgotPasswordStep,
  requestReset,
  resetPassword,
} from './forgotPasswordMachine.ts';
export type {
  ForgotPasswordInput,
  ForgotPasswordContext,
  ForgotPasswordEvent,
  ForgotPasswordOutput,
  ForgotPasswordTag,
  ForgotPasswordStep,
  ForgotPasswordSnapshot,
} from './forgotPasswordMachine.ts';
export {
  projectListMachine,
  selectProjectListStatus,
  selectProjects,
  loadProjects,
  createProject,
  followProjectCards,
} from './projectListMachine.ts';
export type {
  ProjectListInput,
  ProjectListContext,
  ProjectListEvent,
  ProjectCardsEventSource,
  ProjectListTag,
  ProjectListStatus,
  ProjectListSnapshot,
} from './projectListMachine.ts';
export { connectionMachine, selectConnectionStatus, watchSocket, realtimeFits } from './connectionMachine.ts';
export type {
  ConnectionInput,
  ConnectionContext,
  ConnectionEvent,
  ConnectionEmitted,
  ConnectionTag,
  ConnectionSnapshot,
  RealtimeLike,
} from './connectionMachine.ts';
export {
  conversationListMachine,
  selectConversations,
  selectListStatus,
  selectTotalUnread,
  selectSelectedId,
  selectHasMore,
  selectFilter,
  selectAccountFilter,
  selectLabelFilter,
  selectStageFilter,
  selectDivisionFilter,
  selectSearch,
  loadConversations,
  searchDebounce,
} from './conversationListMachine.ts';
export type {
  ConversationListInput,
  ConversationListContext,
  ConversationListEvent,
  ConversationListTag,
  ConversationListStatus,
  ConversationListSnapshot,
  ConversationPage,
} from './conversationListMachine.ts';
export {
  compareConversations,
  sortConversations,
  matchesView,
  mergeConversations,
  applyLiveUpdate,
  isCurrentAnswer,
  removeConversation,
  adjacentConversation,
} from './conversationListMerge.ts';
export type { ConversationFilter, ConversationQuery, ListView } from './conversationListMerge.ts';
export {
  threadMachine,
  selectThreadMessages,
  selectThreadStatus,
  selectHasOlder,
  selectPendingCount,
} from './threadMachine.ts';
export {
  loadPage,
  catchUp,
  sendMessage,
  markRead,
  retryTimer,
  SendTimeoutError,
  CATCH_UP_LIMIT,
} from './threadActors.ts';
export type {
  ThreadInput,
  ThreadContext,
  ThreadEvent,
  ThreadTag,
  ThreadStatus,
  ThreadSnapshot,
} from './threadMachine.ts';
export { isStatusForward, mergeMessages, sendFields } from './threadMessages.ts';
export { threadRows, rowKey, deliveryMark } from './threadRows.ts';
export type { ThreadRow, DeliveryMark } from './threadRows.ts';
export {
  conversationMachine,
  selectConversation,
  selectConversationStatus,
  selectWindowOpen,
  selectAgents,
  findConversation,
  loadAgents,
  renameCustomer,
  assignConversation,
  windowTimer,
  fresherSummary,
} from './conversationMachine.ts';
export type {
  ConversationInput,
  ConversationContext,
  ConversationEvent,
  ConversationTag,
  ConversationStatus,
  ConversationSnapshot,
} from './conversationMachine.ts';
export {
  composerMachine,
  isTrayItemPending,
  isTrayItemReady,
  selectCanAttach,
  selectCanSend,
  selectTrayDrafts,
  selectTrayStatus,
  trayDrafts,
  trayItemsOf,
  trayStatusOf,
} from './composerMachine.ts';
export type {
  ComposerInput,
  ComposerContext,
  ComposerEvent,
  ComposerEmitted,
  ComposerTag,
  ComposerSnapshot,
  ReplyTarget,
  TrayCommand,
  TrayDraftSource,
  TrayItem,
  TrayStatus,
} from './composerMachine.ts';
export {
  accountsMachine,
  selectAccounts,
  selectAccountsStatus,
  loadAccounts,
  saveAccount,
} from './accountsMachine.ts';
export type {
  AccountsInput,
  AccountsContext,
  AccountsEvent,
  AccountsTag,
  AccountsStatus,
  AccountsSnapshot,
  AccountChange,
} from './accountsMachine.ts';
export { galleryMachine } from './galleryMachine.ts';
export type { GallerySnapshot } from './galleryMachine.ts';
export type {
  GalleryInput,
  GalleryContext,
  GalleryEvent,
  GalleryEmitted,
  GalleryTag,
} from './galleryTypes.ts';
export {
  selectGalleryStatus,
  selectGalleryItems,
  selectGalleryHasMore,
  selectGalleryKind,
  selectGallerySearch,
  selectGallerySelected,
  selectGalleryAction,
  selectShareStep,
} from './gallerySelectors.ts';
export type { GalleryStatus, GalleryAction, ShareStep } from './gallerySelectors.ts';
export {
  galleryKindFilters,
  galleryPermissions,
  matchesGalleryQuery,
  loadGalleryPage,
  addToGallery,
  deleteFromGallery,
  loadShareTargets,
  sendToChat,
  searchPause,
} from './galleryActors.ts';
export type {
  GalleryKind,
  GalleryKindFilter,
  GalleryPage,
  GalleryPermissions,
  GalleryQuery,
  SearchPauseInput,
  ShareRequest,
} from './galleryActors.ts';
export type { ShareContext } from './galleryShare.ts';
export { quickReplyMachine, selectQuickReplyDialog, selectQuickReplyPayload } from './quickReplyMachine.ts';
export type {
  QuickReplyInput,
  QuickReplyContext,
  QuickReplyEvent,
  QuickReplyEmitted,
  QuickReplyTag,
  QuickReplySnapshot,
  QuickReplyDialog,
} from './quickReplyMachine.ts';
export {
  checkQuickReply,
  normalizeShortcut,
  quickReplyListPayload,
  quickReplyPermissions,
  saveQuickReply,
  deleteQuickReply,
  quickReplySearchPause,
  SHORTCUT_MAX,
  QUICK_REPLY_TEXT_MAX,
} from './quickReplyForm.ts';
export type {
  QuickReplyDraft,
  QuickReplyField,
  QuickReplyFieldError,
  QuickReplyFieldErrors,
  QuickReplyListPayload,
  QuickReplyMedia,
  QuickReplyPermissions,
} from './quickReplyForm.ts';
export {
  quickReplyMenuMachine,
  loadAllQuickReplies,
  menuOptions,
  selectActiveQuickReply,
  selectQuickReplyMenuKeys,
  selectQuickReplyMenuOpen,
  selectQuickReplyMenuStatus,
  selectQuickReplyOptions,
} from './quickReplyMenuMachine.ts';
export type {
  QuickReplyMenuInput,
  QuickReplyMenuContext,
  QuickReplyMenuEvent,
  QuickReplyMenuEmitted,
  QuickReplyMenuTag,
  QuickReplyMenuSnapshot,
  QuickReplyMenuStatus,
} from './quickReplyMenuMachine.ts';
export {
  labelsMachine,
  labelTableMachine,
  selectLabelTable,
  selectLabelsDialog,
  selectLabelForm,
  selectLabelSort,
  selectLabelSearch,
} from './labelsMachine.ts';
export type {
  LabelsInput,
  LabelsContext,
  LabelsEvent,
  LabelsEmitted,
  LabelsTag,
  LabelsSnapshot,
  LabelsDialog,
  LabelForm,
} from './labelsMachine.ts';
export {
  customerLabelsMachine,
  selectCustomerLabelsStatus,
  selectCustomerLabels,
  selectPickerStatus,
  selectPickableLabels,
} from './customerLabelsMachine.ts';
export type {
  CustomerLabelsInput,
  CustomerLabelsContext,
  CustomerLabelsEvent,
  CustomerLabelsTag,
  CustomerLabelsSnapshot,
  CustomerLabelsStatus,
  LabelPickerStatus,
} from './customerLabelsMachine.ts';
export { labelOptionsMachine, selectLabelOptions, selectLabelOptionsStatus } from './labelOptionsMachine.ts';
export type {
  LabelOptionsInput,
  LabelOptionsContext,
  LabelOptionsEvent,
  LabelOptionsSnapshot,
  LabelOptionsStatus,
} from './labelOptionsMachine.ts';
export {
  checkLabel,
  isLabelColor,
  labelActAccess,
  labelPalette,
  labelPermissions,
  labelSorts,
  labelTablePayload,
  loadLabelOptions,
  loadCustomerLabels,
  matchLabels,
  removeLabel,
  saveLabel,
  setCustomerLabel,
  labelSearchPause,
  LABEL_NAME_MAX,
} from './labelActors.ts';
export type {
  LabelDraft,
  LabelField,
  LabelPermissions,
  LabelSort,
  LabelTablePayload,
} from './labelActors.ts';
export {
  projectMachine,
  selectProject,
  selectProjectStatus,
  selectClosedHere,
  loadProject,
  followProject,
} from './projectMachine.ts';
export type {
  ProjectClosingTarget,
  ProjectInput,
  ProjectContext,
  ProjectEvent,
  ProjectTag,
  ProjectStatus,
  ProjectSnapshot,
  ProjectRemoval,
  ProjectEventSource,
} from './projectMachine.ts';
export { sidebarMenu, firstScreenPath } from './sidebarMenu.ts';
export type { MenuItem, MenuSection } from './sidebarMenu.ts';
export { routePermission, mayOpen, projectScreens, projectScreenOf, screenPath } from './routeAccess.ts';
export type { MenuSectionId, ProjectScreen } from './routeAccess.ts';
export {
  notificationBellMachine,
  selectUnreadNotifications,
  countNotifications,
  followNotifications,
} from './notificationBellMachine.ts';
export type {
  NotificationBellInput,
  NotificationBellContext,
  NotificationBellEvent,
  NotificationBellTag,
  NotificationBellSnapshot,
  NotificationEventSource,
} from './notificationBellMachine.ts';
export {
  uploadMachine,
  uploadStatuses,
  selectUploadStatus,
  selectUploadProgress,
  selectUploadError,
  uploadErrorOf,
  loadUpload,
  transferUpload,
  revertUpload,
} from './uploadMachine.ts';
export type {
  UploadSource,
  UploadFileLike,
  UploadItemInput,
  UploadItemContext,
  UploadItemEvent,
  UploadItemEmitted,
  UploadItemTag,
  UploadItemSnapshot,
  UploadStatus,
  UploadError,
  UploadTransferInput,
} from './uploadMachine.ts';
export {
  uploadQueueMachine,
  selectQueueItems,
  selectQueueWarning,
  selectQueueBusy,
  selectServerIds,
} from './uploadQueueMachine.ts';
export type {
  UploadQueueInput,
  UploadQueueContext,
  UploadQueueEvent,
  UploadQueueItem,
  UploadQueueWarning,
  UploadQueueSnapshot,
  UploadItemRef,
} from './uploadQueueMachine.ts';
export {
  tableMachine,
  createTableMachine,
  fetchActPage,
  samePayload,
  pageAfterEmpty,
  selectTableStatus,
  selectCanPrev,
  selectCanNext,
  selectPageLinks,
  selectRows,
  selectTableError,
} from './tableMachine.ts';
export type {
  FetchPage,
  TableInput,
  TableContext,
  TableEvent,
  TableEmitted,
  TableStatus,
  TablePageLink,
  TablePageRequest,
  TablePageAnswer,
  TableMachine,
  TableActorRef,
  TableSnapshot,
} from './tableMachine.ts';
export {
  stagesMachine,
  emptyStageDraft,
  selectStagesDialog,
  selectStagesPayload,
  selectReorderingId,
} from './stagesMachine.ts';
export type {
  StagesInput,
  StagesContext,
  StagesEvent,
  StagesEmitted,
  StagesTag,
  StagesSnapshot,
  StagesDialog,
} from './stagesMachine.ts';
export {
  boardMachine,
  selectBoardStatus,
  selectBoardColumns,
  selectBoardSearch,
  selectPendingCards,
  moveTargets,
} from './boardMachine.ts';
export type {
  BoardInput,
  BoardContext,
  BoardEvent,
  BoardEmitted,
  BoardTag,
  BoardSnapshot,
  BoardStatus,
} from './boardMachine.ts';
export { columnId, findCard, moveCard, undoMove, withPending } from './boardColumns.ts';
export type { CardMove, CardSpot } from './boardColumns.ts';
export {
  customerStageMachine,
  selectCustomerStage,
  selectCustomerStageStatus,
  selectStageOptions,
} from './customerStageMachine.ts';
export type {
  CustomerStageInput,
  CustomerStageContext,
  CustomerStageEvent,
  CustomerStageTag,
  CustomerStageSnapshot,
  CustomerStageStatus,
} from './customerStageMachine.ts';
export {
  checkStage,
  cleanStage,
  stageActAccess,
  stageListPayload,
  stageMoves,
  stagePalette,
  stagePermissions,
  saveStage,
  deleteStage,
  reorderStage,
  loadBoard,
  loadCustomerStage,
  loadStageOptions,
  loadStageFilterOptions,
  setCustomerStage,
  STAGE_NAME_MAX,
} from './stageActors.ts';
export type {
  StageDraft,
  StageErrorKey,
  StageFeedEvent,
  StageField,
  StageFieldError,
  StageFieldErrors,
  StageListPayload,
  StagePageSpot,
  StagePermissions,
  StageRef,
} from './stageActors.ts';
export {
  divisionsMachine,
  divisionTableMachine,
  emptyDivisionDraft,
  selectDivisionsDialog,
  selectDivisionTable,
  selectDivisionMembersActor,
  selectDivisionSearch,
} from './divisionsMachine.ts';
export type { DivisionsSnapshot, DivisionsDialog } from './divisionsMachine.ts';
export type {
  DivisionsInput,
  DivisionsContext,
  DivisionsEvent,
  DivisionsEmitted,
  DivisionsTag,
} from './divisionsTypes.ts';
export {
  divisionMembersMachine,
  selectAddableMembers,
  selectDivisionMembers,
  selectDivisionMembersStatus,
  selectMemberPickerStatus,
} from './divisionMembersMachine.ts';
export type {
  DivisionMembersInput,
  DivisionMembersContext,
  DivisionMembersEvent,
  DivisionMembersTag,
  DivisionMembersSnapshot,
  DivisionMembersStatus,
  MemberPickerStatus,
} from './divisionMembersMachine.ts';
export {
  conversationDivisionMachine,
  selectConversationDivision,
  selectDivisionChoices,
  selectDivisionOptionsStatus,
} from './conversationDivisionMachine.ts';
export type {
  ConversationDivisionInput,
  ConversationDivisionContext,
  ConversationDivisionEvent,
  ConversationDivisionTag,
  ConversationDivisionSnapshot,
  DivisionOptionsStatus,
} from './conversationDivisionMachine.ts';
export {
  checkDivision,
  cleanDivision,
  divisionActAccess,
  divisionPalette,
  divisionPermissions,
  divisionTablePayload,
  saveDivision,
  deleteDivision,
  loadDivisionMembers,
  loadMemberOptions,
  setDivisionMember,
  loadDivisionOptions,
  loadDivisionFilterOptions,
  setConversationDivision,
  refreshConversation,
  DIVISION_NAME_MAX,
} from './divisionActors.ts';
export type {
  DivisionDraft,
  DivisionErrorKey,
  DivisionField,
  DivisionFieldError,
  DivisionFieldErrors,
  DivisionPermissions,
  DivisionTablePayload,
} from './divisionActors.ts';
export { createInboxRouter } from './inboxRouting.ts';
export type {
  InboxRouter,
  InboxRouterOptions,
  InboxEventSource,
  InboundMessage,
  OpenConversation,
  ResyncSource,
  Target,
} from './inboxRouting.ts';
export { accountPermissions, chatPermissions, mayCall, screenActAccess } from './projectAccess.ts';
export type { AccountPermissions, ChatPermissions, ScreenAct } from './projectAccess.ts';
export type { ThreadDraft, ThreadItem, PendingMessage, ServerStatus } from './threadMessages.ts';
export { resendChallenge, OTP_ATTEMPTS, OTP_LENGTH } from './challenge.ts';
export { createTicker } from './ticker.ts';
export { isHexColor } from './hexColor.ts';
export {
  clearsSearch,
  searchActions,
  searchChanged,
  searchContext,
  searchGuards,
  searchRegion,
  SEARCH_PAUSE_MS,
} from './debouncedSearch.ts';
export type { SearchContext } from './debouncedSearch.ts';
export {
  closedDialog,
  crudDialogActions,
  crudDialogGuards,
  crudDialogRegion,
  editDraft,
} from './crudDialog.ts';
export type { CrudDialogContext, CrudDialogTag, CrudRules } from './crudDialog.ts';
export {
  changeActions,
  changeRegion,
  firstLoad,
  optionActions,
  optionsContext,
  optionsRegion,
  pickerActions,
  pickerContext,
  pickerRegion,
} from './choiceRegions.ts';
export type { ChangeContext, OptionsContext, PickerContext } from './choiceRegions.ts';
export { loadStatus, matchNames, offeredOptions, pickerStatus } from './choiceSelectors.ts';
export type { LoadStatus, PickerStatus } from './choiceSelectors.ts';
export {
  checkNameColor,
  cleanNameColor,
  NAME_COLOR_FIELDS,
  nameColorFields,
  nameColorSaveInput,
  nameColorServerErrors,
} from './nameColorForm.ts';
export type {
  NameColorDraft,
  NameColorField,
  NameColorFieldError,
  NameColorFieldErrors,
  NameColorRules,
} from './nameColorForm.ts';
export { customersMachine, customerTableMachine } from './customersMachine.ts';
export {
  selectCanExport,
  selectCustomerForm,
  selectCustomerImport,
  selectCustomersDialog,
  selectCustomerTable,
  selectHasQuery,
  selectRangeReversed,
} from './customerSelectors.ts';
export type { CustomersSnapshot, CustomersDialog } from './customerSelectors.ts';
export type {
  CustomersInput,
  CustomersContext,
  CustomersEvent,
  CustomersEmitted,
  CustomersTag,
} from './customersTypes.ts';
export {
  customerActAccess,
  customerListPayload,
  customerPermissions,
  customerQueryFields,
  customerSorts,
  exportCustomers,
  filtersValid,
  hasCustomerQuery,
  isFilterValue,
  loadCustomerFilterOptions,
  noCustomerFilters,
  noFilterOptions,
  removeCustomer,
} from './customerActors.ts';
export type {
  CustomerExport,
  CustomerFilter,
  CustomerFilterOptions,
  CustomerFilters,
  CustomerListPayload,
  CustomerPermissions,
  CustomerQueryFields,
  CustomerSort,
} from './customerActors.ts';
export { customerFormMachine, selectCanAddField, selectPhoneEditable } from './customerFormMachine.ts';
export type {
  CustomerFormContext,
  CustomerFormEvent,
  CustomerFormInput,
  CustomerFormOutput,
  CustomerFormSnapshot,
  CustomerFormTag,
} from './customerFormMachine.ts';
export {
  checkCustomer,
  CUSTOM_FIELD_NAME_MAX,
  CUSTOM_FIELD_VALUE_MAX,
  CUSTOM_FIELDS_MAX,
  CUSTOMER_NOTES_MAX,
  customerSave,
  customerServerErrors,
  draftOf,
  isMaskedPhone,
  saveCustomer,
} from './customerForm.ts';
export type {
  CustomerDraft,
  CustomerErrorKey,
  CustomerFieldError,
  CustomerFormErrors,
  CustomerFormField,
  CustomerSave,
  CustomerValues,
  CustomFieldRow,
} from './customerForm.ts';
export {
  CUSTOMER_IMPORT_MAX_BYTES,
  customerImportMachine,
  importFileError,
  isCsvFile,
  selectImportProblems,
  selectImportStep,
} from './customerImportMachine.ts';
export type {
  CustomerImportContext,
  CustomerImportEvent,
  CustomerImportInput,
  CustomerImportOutput,
  CustomerImportSnapshot,
  CustomerImportStep,
  CustomerImportTag,
  ImportError,
  ImportErrorKey,
  ImportFile,
} from './customerImportMachine.ts';
export { isAuthPath, safeRedirect, LOGIN_PATH, HOME_PATH } from './routes.ts';
export { reasonOf, isNetworkError, toFlowError } from './actError.ts';
export type { FlowError, ErrorReason } from './actError.ts';
export { validationKeys } from './validation.ts';
export type {
  ValidationKey,
  FieldError,
  FieldErrors,
  ProjectField,
  AccountField,
  AccountForm,
  ContactField,
  CustomerField,
} from './validation.ts';
export type { ActCaller, Project, TokenStoreLike } from './sdk.ts';
// The personal pages: profile, signed-in devices, notifications.
export {
  checkProfile,
  checkPhoneChange,
  checkPasswordChange,
  avatarProblem,
  AVATAR_TYPES,
} from './profileChecks.ts';
export type {
  AvatarFile,
  AvatarProblem,
  ProfileField,
  ProfileForm,
  PhoneChangeField,
  PasswordChangeField,
  PasswordChangeForm,
} from './profileChecks.ts';
export { profileFormMachine, saveProfile } from './profileFormMachine.ts';
export type {
  ProfileFormInput,
  ProfileFormContext,
  ProfileFormEvent,
  ProfileFormEmitted,
  ProfileFormSnapshot,
} from './profileFormMachine.ts';
export { profileAvatarMachine, readAvatar, setAvatar, clearAvatar } from './profileAvatarMachine.ts';
export type {
  AvatarReader,
  ProfileAvatarInput,
  ProfileAvatarContext,
  ProfileAvatarEvent,
  ProfileAvatarEmitted,
  ProfileAvatarSnapshot,
} from './profileAvatarMachine.ts';
export {
  profilePhoneMachine,
  selectProfilePhoneStep,
  requestPhoneChange,
  confirmPhoneChange,
} from './profilePhoneMachine.ts';
export type {
  ProfilePhoneInput,
  ProfilePhoneContext,
  ProfilePhoneEvent,
  ProfilePhoneEmitted,
  ProfilePhoneStep,
  ProfilePhoneSnapshot,
  PhoneChangeForm,
} from './profilePhoneMachine.ts';
export { profilePasswordMachine, changePassword } from './profilePasswordMachine.ts';
export type {
  ProfilePasswordInput,
  ProfilePasswordContext,
  ProfilePasswordEvent,
  ProfilePasswordEmitted,
  ProfilePasswordSnapshot,
} from './profilePasswordMachine.ts';
export { profilePreferences, preferencesToApply } from './profilePreferences.ts';
export type { SavedPreferences } from './profilePreferences.ts';
export {
  sessionsListMachine,
  loadSessions,
  revokeSession,
  selectSessions,
  selectSessionsListStatus,
  selectSessionRevoking,
  selectSessionsListError,
} from './sessionsListMachine.ts';
export type {
  SessionsListInput,
  SessionsListContext,
  SessionsListEvent,
  SessionsListEmitted,
  SessionsListSnapshot,
  SessionsListStatus,
} from './sessionsListMachine.ts';
export { describeUserAgent } from './sessionsListDevice.ts';
export type { DeviceSummary } from './sessionsListDevice.ts';
export {
  notificationsMachine,
  loadNotifications,
  loadNotificationPage,
  markNotificationRead,
  markAllNotificationsRead,
  notificationFeed,
  appendNotifications,
  prependNotification,
  selectNotifications,
  selectNotificationsStatus,
  selectNotificationsUnread,
  selectNotificationsHasMore,
  selectNotificationsLoadingMore,
  selectNotificationsError,
} from './notificationsMachine.ts';
export type {
  NotificationsInput,
  NotificationsContext,
  NotificationsEvent,
  NotificationsSnapshot,
  NotificationsStatus,
} from './notificationsMachine.ts';
export { notificationText, notificationTarget, notificationTextKeys } from './notificationsText.ts';
export type { NotificationText, NotificationTextKey, NotificationTarget } from './notificationsText.ts';
export {
  inviteLink,
  inviteTablePayload,
  memberPermissions,
  memberTablePayload,
  projectLanding,
  removeMember,
  revokeInvite,
  saveMemberPermissions,
  settingsPermissions,
  teamActAccess,
} from './membersActors.ts';
export type { InviteTablePayload, MemberPermissions, MemberTablePayload } from './membersActors.ts';
export {
  membersMachine,
  memberTableMachine,
  selectMembersDialog,
  selectMemberTable,
  selectPermissionEditor,
} from './membersMachine.ts';
export type {
  MembersContext,
  MembersDialog,
  MembersEmitted,
  MembersEvent,
  MembersInput,
  MembersSnapshot,
  MembersTag,
} from './membersMachine.ts';
export {
  keyState,
  mayTick,
  permissionEditorMachine,
  permissionNodes,
  selectEffectivePermissions,
  selectKeyState,
  selectMatchingTemplate,
  selectSelectedPermissions,
  templateSelection,
} from './permissionEditorMachine.ts';
export type {
  PermissionEditorContext,
  PermissionEditorEvent,
  PermissionEditorInput,
  PermissionEditorSnapshot,
  PermissionEditorTag,
  PermissionKeyState,
  PermissionNode,
} from './permissionEditorMachine.ts';
export {
  checkInvite,
  copyInviteLink,
  createInvite,
  emptyInviteDraft,
  inviteCreateFields,
  invitesMachine,
  inviteTableMachine,
  selectInviteLink,
  selectInvitesDialog,
  selectInviteTable,
  INVITE_HOURS_MAX,
  INVITE_USES_MAX,
} from './invitesMachine.ts';
export type {
  InviteDraft,
  InviteField,
  InviteFieldError,
  InviteFieldErrors,
  InvitesContext,
  InvitesDialog,
  InvitesEmitted,
  InvitesEvent,
  InvitesInput,
  InvitesSnapshot,
  InvitesTag,
} from './invitesMachine.ts';
export {
  acceptInvite,
  invitePageMachine,
  loadInvite,
  selectInvitePageStatus,
  selectInvitePreview,
  selectInviteTarget,
} from './invitePageMachine.ts';
export type {
  InvitePageContext,
  InvitePageEvent,
  InvitePageInput,
  InvitePageSnapshot,
  InvitePageStatus,
  InvitePageTag,
} from './invitePageMachine.ts';
export {
  checkSettings,
  deleteProject,
  draftOfSettings,
  knownTimeZones,
  loadProjectSettings,
  loadSettingsDivisions,
  matchTimeZones,
  projectSettingsMachine,
  saveProjectSettings,
  selectDeleteConfirmed,
  selectSettingsDirty,
  selectSettingsStatus,
  settingsServerErrors,
  PROJECT_NAME_MAX,
} from './projectSettingsMachine.ts';
export type {
  ProjectSettingsContext,
  ProjectSettingsEmitted,
  ProjectSettingsEvent,
  ProjectSettingsInput,
  ProjectSettingsSnapshot,
  ProjectSettingsStatus,
  ProjectSettingsTag,
  SettingsDay,
  SettingsDraft,
  SettingsErrorKey,
  SettingsField,
  SettingsFieldError,
  SettingsFieldErrors,
} from './projectSettingsMachine.ts';
export { leaveProjectMachine, leaveProject, selectLeaveStatus } from './leaveProjectMachine.ts';
export type {
  LeaveProjectContext,
  LeaveProjectEvent,
  LeaveProjectInput,
  LeaveProjectSnapshot,
  LeaveProjectStatus,
} from './leaveProjectMachine.ts';
