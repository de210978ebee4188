import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { LABEL_NAME_MAX, selectLabelForm } from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import * as field from '../components/field.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { useFieldError } from '../auth/useFieldError.ts';
import { visuallyHidden } from '../chat/chat.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { LabelChip, labelColors } from './LabelChip.tsx';
import { paletteColors, paletteValue } from './labelColor.ts';
import type { LabelsActor } from './types.ts';
import * as css from './labels.css.ts';

/**
 * "Tambah label" or "Ubah label": the name, and the colour picked from the palette or typed as
 * `#rrggbb`, with a preview. The machine checks and saves; each field shows its error, the
 * server's included (a name another label has). The dialog closes once the save went through.
 */
export function LabelFormDialog({ actor }: { actor: LabelsActor }) {
  const t = useT();
  const fieldError = useFieldError();
  const form = useSelector(actor, selectLabelForm);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const formError = useSelector(actor, (snapshot) => snapshot.context.formError);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  if (form === null) return null;
  const cancel = () => actor.send({ type: 'labels.cancel' });
  const setColor = (color: string) => actor.send({ type: 'labels.color', color });
  const colorError = fieldError(errors.color);
  return (
    <ModalDialog
      title={form.id === null ? t('labels.form.addTitle') : t('labels.form.editTitle')}
      isOpen
      onOpenChange={(open) => (open || saving ? null : cancel())}
    >
      <Form
        className={dialog.form}
        data-testid="label-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'labels.submit' });
        }}
      >
        <TextField
          label={t('labels.form.name')}
          value={form.name}
          onChange={(name) => actor.send({ type: 'labels.name', name })}
          error={fieldError(errors.name)}
          isDisabled={saving}
          maxLength={LABEL_NAME_MAX}
          autoComplete="off"
          autoFocus
        />
        <div className={css.colorGroup}>
          <RadioGroup
            className={css.colorGroup}
            orientation="horizontal"
            value={paletteValue(form.color)}
            onChange={setColor}
            isDisabled={saving}
            isInvalid={colorError !== null}
          >
            <Label className={field.label}>{t('labels.form.color')}</Label>
            <div className={css.palette}>
              {paletteColors.map((color) => (
                <Radio
                  key={color.value}
                  value={color.value}
                  className={css.paletteSwatch}
                  style={labelColors(color.value)}
                  data-testid="label-color"
                >
                  {({ isSelected }) => (
                    <>
                      <span className={visuallyHidden}>{t(color.name)}</span>
                      {isSelected ? <span aria-hidden="true">✓</span> : null}
                    </>
                  )}
                </Radio>
              ))}
            </div>
          </RadioGroup>
          <div className={css.hexRow}>
            <div className={css.hexField}>
              <TextField
                label={t('labels.form.hex')}
                value={form.color}
                onChange={setColor}
                error={colorError}
                isDisabled={saving}
                maxLength={7}
                autoComplete="off"
                spellCheck="false"
                placeholder="#1e88e5"
              />
            </div>
          </div>
        </div>
        <div className={css.preview}>
          <span className={field.label}>{t('labels.form.preview')}</span>
          <LabelChip name={form.name.trim() || t('labels.form.name')} color={form.color} />
        </div>
        <FormError message={formError ? t('labels.form.failed', { message: formError.message }) : null} />
        <div className={dialog.actions}>
          <Button tone="secondary" isDisabled={saving} onPress={cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isDisabled={saving} data-testid="label-save">
            {saving ? t('labels.form.saving') : t('common.save')}
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
