import type { ReactNode } from 'react';
import { Form } from 'react-aria-components';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import * as field from '../components/field.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { ColorField, type ColorFieldProps } from './ColorField.tsx';
import * as css from './crm.css.ts';

export interface NameColorFormDialogProps {
  title: string;
  /** `data-testid` of the form and of its save button. */
  testId: string;
  saveTestId: string;
  name: {
    label: string;
    value: string;
    onChange(value: string): void;
    error: string | null;
    maxLength: number;
  };
  /** The colour field (its `isDisabled` follows `saving`). */
  color: Omit<ColorFieldProps, 'isDisabled'>;
  /** What the record will look like (a chip), beside the preview's label. */
  preview: { label: string; node: ReactNode };
  /** Why the last save failed when it was no field's fault (already translated), or null. */
  formError: string | null;
  saving: boolean;
  savingText: string;
  onSubmit(): void;
  onCancel(): void;
}

/**
 * The add / edit dialog of a record that is a name and a colour (a label, a stage, a division):
 * the name, the colour (palette or `#rrggbb`), a preview, the form's own error, Cancel and Save.
 * Each field shows its error beside it; nothing here checks (the machine does). It cannot be
 * closed while it saves.
 */
export function NameColorFormDialog(props: NameColorFormDialogProps) {
  const t = useT();
  const { name, color, saving } = props;
  return (
    <ModalDialog
      title={props.title}
      isOpen
      onOpenChange={(open) => (open || saving ? null : props.onCancel())}
    >
      <Form
        className={dialog.form}
        data-testid={props.testId}
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          props.onSubmit();
        }}
      >
        <TextField
          label={name.label}
          value={name.value}
          onChange={name.onChange}
          error={name.error}
          isDisabled={saving}
          maxLength={name.maxLength}
          autoComplete="off"
          autoFocus
        />
        <ColorField {...color} isDisabled={saving} />
        <div className={css.preview}>
          <span className={field.label}>{props.preview.label}</span>
          {props.preview.node}
        </div>
        <FormError message={props.formError} />
        <div className={dialog.actions}>
          <Button tone="secondary" isDisabled={saving} onPress={props.onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isDisabled={saving} data-testid={props.saveTestId}>
            {saving ? props.savingText : t('common.save')}
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
