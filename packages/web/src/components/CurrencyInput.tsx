import { useLayoutEffect, useRef, useState } from 'react';
import { FieldError, Input, Label, Text, TextField } from 'react-aria-components';
import {
  currencyInputPlaceholder,
  formatCurrencyInput,
  readRupiahInput,
  RUPIAH_INPUT_MAX,
  typeRupiah,
  type RupiahInputProblem,
} from '@sapa/sdk';
import { useT, type Translate } from '../i18n/I18nProvider.tsx';
import * as field from './field.css.ts';
import * as css from './currencyInput.css.ts';

export interface CurrencyInputProps {
  /** The visible label, which names the field. */
  label: string;
  /** Whole rupiah, or null for none. */
  value: number | null;
  /**
   * Whole rupiah as typed, or null for nothing typed or for text that is not an amount (its
   * `problem`, which the field already shows under it; a form should not save then).
   */
  onChange(value: number | null, problem: RupiahInputProblem): void;
  /** The most it takes (default: the largest whole number a number holds exactly). */
  max?: number;
  /** A message already translated (the form's or the server's), shown under the field. */
  error?: string | null;
  description?: string;
  isDisabled?: boolean;
  isRequired?: boolean;
  /** `data-testid` of the input. */
  testId?: string;
}

function problemText(t: Translate, problem: RupiahInputProblem, max: number): string | null {
  if (problem === 'decimals') return t('currencyInput.decimals');
  if (problem === 'tooLarge') return t('currencyInput.tooLarge', { max: formatCurrencyInput(max) });
  return null;
}

/** The text shown for a value the form holds. */
function textOf(value: number | null): string {
  return value === null ? '' : formatCurrencyInput(value);
}

/**
 * An amount of rupiah (react-aria TextField), written the Indonesian way as SPEC.md section 5
 * says: a dot groups thousands (added as one types, the caret staying after the same digit), a
 * comma starts decimals, placeholder `000.000`, "Rp" before it. What comes out is a whole number
 * of rupiah or null. Nothing typed is dropped: digits after the comma that are not zeros, or an
 * amount past `max`, stay in the field with their error under it, and the value out is null.
 */
export function CurrencyInput({
  label,
  value,
  onChange,
  max = RUPIAH_INPUT_MAX,
  error,
  description,
  isDisabled = false,
  isRequired = false,
  testId,
}: CurrencyInputProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  // The text as typed, and the value it last reported: a value the form changes otherwise
  // (a reset, a record loaded) replaces the text.
  const [typed, setTyped] = useState(() => ({ text: textOf(value), value }));
  const caret = useRef<number | null>(null);
  const given = value !== null && Number.isFinite(value) ? value : null;
  let current = typed;
  if (given !== typed.value) {
    current = { text: textOf(given), value: given };
    setTyped(current);
  }
  const problem = readRupiahInput(current.text, max).problem;
  const shown = error || problemText(t, problem, max);

  useLayoutEffect(() => {
    const element = input.current;
    if (caret.current === null || element === null || document.activeElement !== element) return;
    element.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  const change = (raw: string) => {
    const typing = typeRupiah(raw, input.current?.selectionStart ?? raw.length, max);
    caret.current = typing.caret;
    setTyped({ text: typing.text, value: typing.value });
    onChange(typing.value, typing.problem);
  };

  return (
    <TextField
      className={field.field}
      value={current.text}
      onChange={change}
      isInvalid={Boolean(shown)}
      isDisabled={isDisabled}
      isRequired={isRequired}
      validationBehavior="aria"
      inputMode="decimal"
      autoComplete="off"
    >
      <Label className={field.label}>{label}</Label>
      <div className={field.inputRow}>
        <span className={css.prefix} aria-hidden="true">
          {t('currencyInput.prefix')}
        </span>
        <Input
          ref={input}
          className={css.input}
          placeholder={currencyInputPlaceholder}
          data-testid={testId}
        />
      </div>
      {description ? (
        <Text slot="description" className={field.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={field.error}>{shown}</FieldError>
    </TextField>
  );
}
