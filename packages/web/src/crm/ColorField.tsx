import { Label, Radio, RadioGroup } from 'react-aria-components';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { TextField } from '../components/TextField.tsx';
import * as field from '../components/field.css.ts';
import { visuallyHidden } from '../chat/chat.css.ts';
import { drawnColor, paletteValue, textOn } from './color.ts';
import * as css from './crm.css.ts';

/** The inline variables that paint a palette swatch in `color`, with text that reads on it. */
function swatchVars(color: string) {
  return assignInlineVars({ [css.swatchColor]: drawnColor(color), [css.swatchText]: textOn(color) });
}

/** A colour of the palette: its `#rrggbb` value and its accessible name (already translated). */
export interface PaletteColor {
  value: string;
  name: string;
}

export interface ColorFieldProps {
  /** The palette's label ("Warna"). */
  label: string;
  /** The text field's label ("Kode warna (#rrggbb)"). */
  hexLabel: string;
  /** As typed: a palette colour or any text (the machine checks it is `#rrggbb`). */
  value: string;
  onChange(value: string): void;
  palette: readonly PaletteColor[];
  /** A message already translated, shown under the text field; it marks both invalid. */
  error: string | null;
  isDisabled?: boolean;
  /** `data-testid` of each palette radio (e.g. `label-color`). */
  swatchTestId?: string;
  placeholder?: string;
}

/**
 * A colour as the CRM's forms take it: picked from a palette of radios (each named, the chosen
 * one ticked), or typed as `#rrggbb` in a text field under it, whose error shows beside it. Typing
 * a palette colour selects its radio. Checking is the machine's; this only shows and reports.
 */
export function ColorField({
  label,
  hexLabel,
  value,
  onChange,
  palette,
  error,
  isDisabled = false,
  swatchTestId,
  placeholder = '#1e88e5',
}: ColorFieldProps) {
  const values = palette.map((color) => color.value);
  return (
    <div className={css.colorGroup}>
      <RadioGroup
        className={css.colorGroup}
        orientation="horizontal"
        value={paletteValue(values, value)}
        onChange={onChange}
        isDisabled={isDisabled}
        isInvalid={error !== null}
      >
        <Label className={field.label}>{label}</Label>
        <div className={css.palette}>
          {palette.map((color) => (
            <Radio
              key={color.value}
              value={color.value}
              className={css.paletteSwatch}
              style={swatchVars(color.value)}
              data-testid={swatchTestId}
            >
              {({ isSelected }) => (
                <>
                  <span className={visuallyHidden}>{color.name}</span>
                  {isSelected ? <span aria-hidden="true">✓</span> : null}
                </>
              )}
            </Radio>
          ))}
        </div>
      </RadioGroup>
      <TextField
        label={hexLabel}
        value={value}
        onChange={onChange}
        error={error}
        isDisabled={isDisabled}
        maxLength={7}
        autoComplete="off"
        spellCheck="false"
        placeholder={placeholder}
      />
    </div>
  );
}
