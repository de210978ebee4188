import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { hourOptions, hourProblem, readHourValue } from '@sapa/sdk';
import { useT } from '../i18n/I18nProvider.tsx';
import * as field from './field.css.ts';
import * as css from './hourPicker.css.ts';

export interface HourPickerProps {
  /** The visible label, which names the field. */
  label: string;
  /** SPEC.md section 3: `HH:00:00` (`'09:00:00'`), or null for none. */
  value: string | null;
  /** One of `'00:00:00'` to `'23:00:00'`, or null for "Tanpa jam". */
  onChange(value: string | null): void;
  /** A required hour offers no "Tanpa jam" (the form checks it is chosen). */
  isRequired?: boolean;
  /** A message already translated: shown under the field, which is marked invalid. */
  error?: string | null;
  isDisabled?: boolean;
  /** `data-testid` of the button that opens the hours. */
  testId?: string;
}

/** The key of "Tanpa jam" among the options (the hours' keys are their values). */
const NONE = 'none';

/**
 * A choice of a whole hour (react-aria-components' Select): 00.00 to 23.00 (00:00 in English),
 * whose value in and out is SPEC.md's `HH:00:00` string, or null ("Tanpa jam", offered unless the
 * hour is required). The label names it; typing a number jumps to its hour. A value written
 * another way (`'9:00'`) shows as its hour; one that is not a whole hour stays as it is, with an
 * error under the field, until another hour is chosen.
 */
export function HourPicker({
  label,
  value,
  onChange,
  isRequired = false,
  error,
  isDisabled = false,
  testId,
}: HourPickerProps) {
  const t = useT();
  const selected = value === null ? null : readHourValue(value);
  const problem = hourProblem(value) === null ? null : t('hourPicker.invalid');
  const shown = error || problem;
  const options = [
    ...(isRequired ? [] : [{ id: NONE, label: t('hourPicker.none') }]),
    ...hourOptions.map((hour) => ({ id: hour, label: t('hourPicker.option', { hour: hour.slice(0, 2) }) })),
  ];
  return (
    <Select
      className={css.picker}
      selectedKey={selected ?? (value === null && !isRequired ? NONE : null)}
      onSelectionChange={(key: Key | null) => {
        if (key === null) return;
        onChange(key === NONE ? null : String(key));
      }}
      placeholder={t('hourPicker.placeholder')}
      isRequired={isRequired}
      isInvalid={Boolean(shown)}
      isDisabled={isDisabled}
      validationBehavior="aria"
    >
      <Label className={field.label}>{label}</Label>
      <Button className={css.button} data-testid={testId}>
        <SelectValue className={css.value} />
        <span aria-hidden="true">▾</span>
      </Button>
      <FieldError className={field.error}>{shown}</FieldError>
      <Popover className={css.popover}>
        <ListBox className={css.listBox} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={css.option} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
