import { useSelector } from '@xstate/react';
import { formatDate } from '@sapa/sdk';
import {
  selectAddableMembers,
  selectDivisionMembers,
  selectDivisionMembersStatus,
  selectMemberPickerStatus,
} from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import * as choice from '../crm/choice.css.ts';
import { PickListStates } from '../crm/PickListStates.tsx';
import { SearchPicker } from '../crm/SearchPicker.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import type { DivisionMembersActor } from './types.ts';
import * as css from './divisions.css.ts';

/**
 * A division's members (divisionMembersMachine): who is in it and since when; with
 * `crm.divisi.add_user`, "Tambah anggota" opens a searchable picker of the project's members not
 * in it yet, and each member has a remove button. Closing fetches the table again (the counts).
 */
export function DivisionMembersDialog({
  members: actor,
  timeZone,
  onClose,
}: {
  members: DivisionMembersActor;
  timeZone: string;
  onClose(): void;
}) {
  const t = useT();
  const division = useSelector(actor, (snapshot) => snapshot.context.division);
  const canChange = useSelector(actor, (snapshot) => snapshot.context.canChange);
  const status = useSelector(actor, selectDivisionMembersStatus);
  const members = useSelector(actor, selectDivisionMembers);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const changing = useSelector(actor, (snapshot) => snapshot.hasTag('changing'));
  const changeError = useSelector(actor, (snapshot) => snapshot.context.changeError);
  return (
    <ModalDialog
      title={t('divisionMembers.title', { name: division.name })}
      isOpen
      onOpenChange={(open) => (open ? null : onClose())}
    >
      <div className={choice.section} data-testid="division-members-dialog">
        <div className={choice.head}>
          {canChange ? null : <p className={choice.muted}>{t('divisionMembers.readOnly')}</p>}
          {canChange && status === 'ready' ? <MemberPicker actor={actor} /> : null}
        </div>
        <PickListStates
          status={status}
          isEmpty={members.length === 0}
          texts={{
            loading: t('divisionMembers.loading'),
            failed: t('divisionMembers.failed', { message: error?.message ?? '' }),
            empty: t('divisionMembers.empty'),
            changing: changing ? t('divisionMembers.changing') : null,
            changeFailed: changeError
              ? t('divisionMembers.changeFailed', { message: changeError.message })
              : null,
          }}
          onRetry={() => actor.send({ type: 'divisionMembers.retry' })}
          onDismiss={() => actor.send({ type: 'divisionMembers.dismiss' })}
        >
          <ul className={css.members} aria-label={t('divisionMembers.list', { name: division.name })}>
            {members.map((member) => (
              <li key={member.userId} className={css.member} data-testid="division-member">
                <span className={css.memberName}>{member.name}</span>
                <span className={css.since}>
                  {t('divisionMembers.since', { date: formatDate(member.addedAt, timeZone) })}
                </span>
                {canChange ? (
                  <Button
                    size="sm"
                    tone="ghost"
                    aria-label={t('divisionMembers.removeLabel', { name: member.name })}
                    isDisabled={changing}
                    onPress={() => actor.send({ type: 'divisionMembers.remove', userId: member.userId })}
                  >
                    {t('divisionMembers.remove')}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </PickListStates>
      </div>
      <div className={dialog.actions}>
        <Button onPress={onClose} data-testid="division-members-close">
          {t('common.close')}
        </Button>
      </div>
    </ModalDialog>
  );
}

/** "Tambah anggota": the project's members not in the division, searched as the owner types; Enter or a click adds one. */
function MemberPicker({ actor }: { actor: DivisionMembersActor }) {
  const t = useT();
  const status = useSelector(actor, selectMemberPickerStatus);
  const options = useSelector(actor, selectAddableMembers);
  const search = useSelector(actor, (snapshot) => snapshot.context.search);
  const changing = useSelector(actor, (snapshot) => snapshot.hasTag('changing'));
  const optionsError = useSelector(actor, (snapshot) => snapshot.context.optionsError);
  const everyone = useSelector(actor, (snapshot) => snapshot.context.options.length === 0);
  return (
    <SearchPicker
      status={status}
      options={options}
      search={search}
      busy={changing}
      texts={{
        trigger: t('divisionMembers.add'),
        picker: t('divisionMembers.options'),
        options: t('divisionMembers.options'),
        loading: t('divisionMembers.optionsLoading'),
        failed: t('divisionMembers.optionsFailed', { message: optionsError?.message ?? '' }),
        search: t('divisionMembers.search'),
        empty: everyone ? t('divisionMembers.noOptions') : t('divisionMembers.noMatch'),
      }}
      inline
      triggerTestId="division-member-add"
      optionTestId="division-member-option"
      onOpenChange={(open) => actor.send({ type: open ? 'memberPicker.open' : 'memberPicker.close' })}
      onRetry={() => actor.send({ type: 'memberPicker.retry' })}
      onSearch={(text) => actor.send({ type: 'memberPicker.search', text })}
      onPick={(userId) => actor.send({ type: 'divisionMembers.add', userId })}
    />
  );
}
