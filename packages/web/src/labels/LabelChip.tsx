import { Button } from 'react-aria-components';
import { assignInlineVars } from '@vanilla-extract/dynamic';
import { Svg } from '../components/icons.tsx';
import { drawnColor, textOn } from '../crm/color.ts';
import * as css from './labels.css.ts';

/** The inline variables that paint an element in a label's colour. */
export function labelColors(color: string) {
  return assignInlineVars({ [css.labelColor]: drawnColor(color), [css.labelText]: textOn(color) });
}

/** A round dot of a label's colour (decorative: the name goes beside it). */
export function LabelSwatch({ color }: { color: string }) {
  return <span className={css.swatch} style={labelColors(color)} aria-hidden="true" />;
}

/** A chip's remove button: its accessible name, what it does, and whether it is disabled. */
export interface ChipRemove {
  label: string;
  onPress: () => void;
  isDisabled: boolean;
}

export interface LabelChipProps {
  name: string;
  color: string;
  remove?: ChipRemove | null;
  testId?: string;
  labelId?: string;
}

/** A label as a coloured pill, with an optional remove button. */
export function LabelChip({ name, color, remove = null, testId, labelId }: LabelChipProps) {
  return (
    <span
      className={css.chip({ removable: remove !== null })}
      style={labelColors(color)}
      data-testid={testId}
      data-label-id={labelId}
    >
      <span className={css.chipName}>{name}</span>
      {remove ? (
        <Button
          className={css.chipRemove}
          aria-label={remove.label}
          isDisabled={remove.isDisabled}
          onPress={remove.onPress}
          data-testid="customer-label-remove"
        >
          <Svg size={12}>
            <path d="M6 6l12 12M18 6L6 18" />
          </Svg>
        </Button>
      ) : null}
    </span>
  );
}
