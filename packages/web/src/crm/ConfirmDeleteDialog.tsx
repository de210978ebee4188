import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { dialog } from '../components/dialog.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './crm.css.ts';

export interface ConfirmDeleteDialogProps {
  title: string;
  body: string;
  /** Why the last try failed (already translated), or null; it stays shown for a retry. */
  error: string | null;
  /** The delete runs: nothing can be pressed, and the dialog does not close. */
  busy: boolean;
  confirmText: string;
  /** `data-testid` of the confirm button. */
  confirmTestId: string;
  onConfirm(): void;
  onCancel(): void;
}

/** Asks before a record of a CRM table is deleted; a refusal stays shown for a retry. */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const t = useT();
  const { busy } = props;
  return (
    <ModalDialog title={props.title} isOpen onOpenChange={(open) => (open || busy ? null : props.onCancel())}>
      <p className={css.muted}>{props.body}</p>
      <FormError message={props.error} />
      <div className={dialog.actions}>
        <Button tone="secondary" isDisabled={busy} onPress={props.onCancel}>
          {t('common.cancel')}
        </Button>
        <Button data-testid={props.confirmTestId} isDisabled={busy} onPress={props.onConfirm}>
          {props.confirmText}
        </Button>
      </div>
    </ModalDialog>
  );
}
