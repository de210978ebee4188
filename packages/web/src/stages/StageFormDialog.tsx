import { Form, Label, Radio, RadioGroup } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { STAGE_NAME_MAX, stagePalette, type StageFieldError } from '@sapa/machines';
import { Button } from '../components/Button.tsx';
import { ModalDialog } from '../components/ModalDialog.tsx';
import { TextField } from '../components/TextField.tsx';
import { dialog } from '../components/dialog.css.ts';
import * as field from '../components/field.css.ts';
import { FormError } from '../auth/AuthLayout.tsx';
import { visuallyHidden } from '../chat/chat.css.ts';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import { StageChip, stageColors } from './StageSwatch.tsx';
import type { StagesActor } from './types.ts';
import * as css from './stages.css.ts';

/** A field's error as text: a catalogue key (the form's checks) or the server's message. */
export function stageErrorText(t: Translate, error: StageFieldError | undefined): string | null {
  if (error === undefined) return null;
  return 'key' in error ? t(error.key) : error.message;
}

/** The palette colour the typed value is (any case), or null for another colour. */
function paletteValue(color: string): string | null {
  const value = color.trim().toLowerCase();
  return stagePalette.find((swatch) => swatch === value) ?? null;
}

/**
 * "Tambah tahap" or "Ubah tahap": the name, and the colour picked from the palette or typed as
 * `#rrggbb`, with a preview. The machine checks and saves; each field shows its error, the
 * server's included (a name another stage has). The dialog closes once the save went through.
 */
export function StageFormDialog({ actor }: { actor: StagesActor }) {
  const t = useT();
  const editing = useSelector(actor, (snapshot) => snapshot.context.editing);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const errors = useSelector(actor, (snapshot) => snapshot.context.fieldErrors);
  const saveError = useSelector(actor, (snapshot) => snapshot.context.saveError);
  const saving = useSelector(actor, (snapshot) => snapshot.hasTag('saving'));
  const cancel = () => actor.send({ type: 'stages.cancel' });
  const setColor = (value: string) => actor.send({ type: 'stages.color', value });
  const colorError = stageErrorText(t, errors.color);
  return (
    <ModalDialog
      title={editing === null ? t('stages.form.addTitle') : t('stages.form.editTitle')}
      isOpen
      onOpenChange={(open) => (open || saving ? null : cancel())}
    >
      <Form
        className={dialog.form}
        data-testid="stage-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'stages.save' });
        }}
      >
        <TextField
          label={t('stages.form.name')}
          value={draft.name}
          onChange={(value) => actor.send({ type: 'stages.name', value })}
          error={stageErrorText(t, errors.name)}
          isDisabled={saving}
          maxLength={STAGE_NAME_MAX}
          autoComplete="off"
          autoFocus
        />
        <div className={css.colorGroup}>
          <RadioGroup
            className={css.colorGroup}
            orientation="horizontal"
            value={paletteValue(draft.color)}
            onChange={setColor}
            isDisabled={saving}
            isInvalid={colorError !== null}
          >
            <Label className={field.label}>{t('stages.form.color')}</Label>
            <div className={css.palette}>
              {stagePalette.map((color) => (
                <Radio
                  key={color}
                  value={color}
                  className={css.paletteSwatch}
                  style={stageColors(color)}
                  data-testid="stage-color"
                >
                  {({ isSelected }) => (
                    <>
                      <span className={visuallyHidden}>{t('stages.form.swatch', { color })}</span>
                      {isSelected ? <span aria-hidden="true">✓</span> : null}
                    </>
                  )}
                </Radio>
              ))}
            </div>
          </RadioGroup>
          <TextField
            label={t('stages.form.hex')}
            value={draft.color}
            onChange={setColor}
            error={colorError}
            isDisabled={saving}
            maxLength={7}
            autoComplete="off"
            spellCheck="false"
            placeholder="#1e88e5"
          />
        </div>
        <StageChip name={draft.name.trim() || t('stages.form.name')} color={draft.color} />
        <FormError message={saveError ? t('stages.form.failed', { message: saveError.message }) : null} />
        <div className={dialog.actions}>
          <Button tone="secondary" isDisabled={saving} onPress={cancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" isDisabled={saving} data-testid="stage-save">
            {saving ? t('stages.saving') : t('common.save')}
          </Button>
        </div>
      </Form>
    </ModalDialog>
  );
}
