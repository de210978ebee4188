import {
  Checkbox,
  FieldError,
  Form,
  Label,
  TextArea,
  TextField as AriaTextField,
} from 'react-aria-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { CUSTOM_FIELD_NAME_MAX, CUSTOMER_NOTES_MAX } from '@sapa/sdk';
import {
  selectCanAddField,
  selectCustomerForm,
  selectPhoneEditable,
  type customerFormMachine,
} from '@sapa/machines/crm';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField } from '../components/TextField.tsx';
import { Svg } from '../components/icons.tsx';
import { dialog } from '../components/dialog.css.ts';
import * as field from '../components/field.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { useProject } from '../project/ProjectScope.tsx';
import { errorText, type CustomersActor } from './types.ts';
import { OptOutStatus } from './OptOutStatus.tsx';
import * as css from './customers.css.ts';
import * as optOutCss from './optOut.css.ts';
import { loadBroadcastTexts } from '../i18n/broadcastTexts.ts';

// The opt-out texts are the broadcasts part's (not loaded with the app).
loadBroadcastTexts();

type FormActor = ActorRefFrom<typeof customerFormMachine>;

/**
 * "Tambah pelanggan" or "Ubah pelanggan": name, phone (read-only when the viewer sees it masked),
 * notes, custom fields as name / value rows, and whether the customer is left out of broadcasts
 * (since when and how; ticked or unticked with `crm.customer.edit`, sent with the save). The form's machine checks and saves; each field
 * shows its error beside it, the server's included (a phone another customer has). The dialog
 * closes once the save went through.
 */
export function CustomerFormDialog({ actor }: { actor: CustomersActor }) {
  const form = useSelector(actor, selectCustomerForm);
  return form === undefined ? null : <CustomerForm form={form} />;
}

function CustomerForm({ form }: { form: FormActor }) {
  const t = useT();
  const customer = useSelector(form, (snapshot) => snapshot.context.customer);
  const draft = useSelector(form, (snapshot) => snapshot.context.draft);
  const errors = useSelector(form, (snapshot) => snapshot.context.errors);
  const saveError = useSelector(form, (snapshot) => snapshot.context.saveError);
  const saving = useSelector(form, (snapshot) => snapshot.hasTag('saving'));
  const phoneEditable = useSelector(form, selectPhoneEditable);
  const canAddField = useSelector(form, selectCanAddField);
  const cancel = () => form.send({ type: 'customerForm.cancel' });
  const notesError = errorText(t, errors.fields.notes);
  const fieldsError = errorText(t, errors.fields.customFields);
  return (
    <ModalDialog
      title={customer === null ? t('customers.form.addTitle') : t('customers.form.editTitle')}
      isOpen
      size="lg"
      onOpenChange={(open) => (open || saving ? null : cancel())}
    >
      <Form
        className={dialog.form}
        data-testid="customer-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          form.send({ type: 'customerForm.save' });
        }}
      >
        <TextField
          label={t('customers.form.name')}
          value={draft.name}
          onChange={(value) => form.send({ type: 'customerForm.name', value })}
          error={errorText(t, errors.fields.name)}
          isDisabled={saving}
          maxLength={100}
          autoComplete="off"
          autoFocus
        />
        <TextField
          label={t('customers.form.phone')}
          value={draft.phone}
          onChange={(value) => form.send({ type: 'customerForm.phone', value })}
          error={errorText(t, errors.fields.phone)}
          isDisabled={saving || !phoneEditable}
          {...(phoneEditable ? {} : { description: t('customers.form.phoneMasked') })}
          inputMode="tel"
          autoComplete="off"
          maxLength={32}
          placeholder={t('customers.form.phonePlaceholder')}
        />
        <AriaTextField
          className={field.field}
          value={draft.notes}
          onChange={(value) => form.send({ type: 'customerForm.notes', value })}
          isInvalid={notesError !== null}
          isDisabled={saving}
          maxLength={CUSTOMER_NOTES_MAX}
        >
          <Label className={field.label}>{t('customers.form.notes')}</Label>
          <div className={field.inputRow}>
            <TextArea className={css.textArea} />
          </div>
          <FieldError className={field.error}>{notesError}</FieldError>
        </AriaTextField>
        <fieldset className={css.fieldset} data-testid="customer-fields">
          <legend className={css.legend}>{t('customers.form.customFields')}</legend>
          <p className={field.description}>{t('customers.form.customFieldsHint')}</p>
          {draft.fields.length === 0 ? <p className={css.muted}>{t('customers.form.noFields')}</p> : null}
          <div className={css.fieldRows}>
            {draft.fields.map((row, index) => {
              const number = index + 1;
              const rowErrors = errors.rows[row.id];
              return (
                <div key={row.id} className={css.fieldRow} data-testid="customer-field-row">
                  <TextField
                    label={t('customers.form.fieldName', { number })}
                    value={row.name}
                    onChange={(value) => form.send({ type: 'customerForm.fieldName', row: row.id, value })}
                    error={errorText(t, rowErrors?.name)}
                    isDisabled={saving}
                    maxLength={CUSTOM_FIELD_NAME_MAX}
                    autoComplete="off"
                    placeholder={t('customers.form.fieldNamePlaceholder')}
                  />
                  <TextField
                    label={t('customers.form.fieldValue', { number })}
                    value={row.value}
                    onChange={(value) => form.send({ type: 'customerForm.fieldValue', row: row.id, value })}
                    error={errorText(t, rowErrors?.value)}
                    isDisabled={saving}
                    autoComplete="off"
                  />
                  <div className={css.removeField}>
                    <Button
                      size="sm"
                      tone="ghost"
                      isDisabled={saving}
                      aria-label={t('customers.form.removeField', { number })}
                      onPress={() => form.send({ type: 'customerForm.removeField', row: row.id })}
                    >
                      <Svg size={14}>
                        <path d="M6 6l12 12M18 6L6 18" />
                      </Svg>
                    </Button>
                  </div>
                </div>
              );
            })}
          </div>
          {fieldsError ? (
            <p className={field.error} role="alert">
              {fieldsError}
            </p>
          ) : null}
          <div>
            <Button
              size="sm"
              tone="secondary"
              isDisabled={saving || !canAddField}
              data-testid="customer-field-add"
              onPress={() => form.send({ type: 'customerForm.addField' })}
            >
              {t('customers.form.addField')}
            </Button>
          </div>
        </fieldset>
        <OptOutField form={form} />
        <FormError message={saveError ? t('customers.form.failed', { message: saveError.message }) : null} />
        <div className={dialog.actions}>
          <Button tone="secondary" isDisabled={saving} onPress={cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isDisabled={saving} data-testid="customer-save">
            {saving ? t('customers.form.saving') : t('common.save')}
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}

/**
 * The customer's opt-out of broadcasts: how it stands (an existing customer), and the tick box
 * that changes it with the save (`crm.customer.edit`). Unticking a customer's own opt-out says
 * to do it only at their request.
 */
function OptOutField({ form }: { form: FormActor }) {
  const t = useT();
  const { project } = useProject();
  const customer = useSelector(form, (snapshot) => snapshot.context.customer);
  const optedOut = useSelector(form, (snapshot) => snapshot.context.draft.optedOut);
  const canOptOut = useSelector(form, (snapshot) => snapshot.context.canOptOut);
  const saving = useSelector(form, (snapshot) => snapshot.hasTag('saving'));
  const stands =
    customer === null ? null : { optedOutAt: customer.optedOutAt, optedOutVia: customer.optedOutVia };
  if (!canOptOut && stands === null) return null;
  return (
    <fieldset className={css.fieldset} data-testid="customer-opt-out-field">
      <legend className={css.legend}>{t('optOut.title')}</legend>
      {stands !== null ? (
        <OptOutStatus state={stands} timeZone={project?.timeZone ?? 'Asia/Jakarta'} />
      ) : null}
      {canOptOut ? (
        <Checkbox
          className={optOutCss.checkbox}
          isSelected={optedOut}
          isDisabled={saving}
          data-testid="customer-opted-out-box"
          onChange={(value) => form.send({ type: 'customerForm.optedOut', value })}
        >
          <span className={optOutCss.box} aria-hidden="true">
            {optedOut ? '✓' : ''}
          </span>
          {t('optOut.stopped')}
        </Checkbox>
      ) : null}
      {canOptOut && customer !== null && stands?.optedOutVia === 'message' && !optedOut ? (
        <p className={field.description}>{t('optOut.inBodyMessage', { name: customer.name })}</p>
      ) : null}
    </fieldset>
  );
}
