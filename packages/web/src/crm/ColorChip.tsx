import { assignInlineVars } from '@vanilla-extract/dynamic';
import { drawnColor } from './color.ts';
import * as css from './crm.css.ts';

/**
 * The inline variable that paints an element in a record's colour (a stage's, a division's; one
 * being typed, or none: grey).
 */
export function recordColors(color: string | null) {
  return assignInlineVars({ [css.recordColor]: drawnColor(color) });
}

/** A round dot of a record's colour (decorative: the name goes beside it). */
export function ColorSwatch({ color }: { color: string | null }) {
  return <span className={css.colorDot} style={recordColors(color)} aria-hidden="true" />;
}

/** A record as a pill with its colour; `testId` names it for tests. */
export function ColorChip({ name, color, testId }: { name: string; color: string | null; testId?: string }) {
  return (
    <span className={css.colorChip} style={recordColors(color)} data-testid={testId}>
      <ColorSwatch color={color} />
      <span className={css.colorName}>{name}</span>
    </span>
  );
}

/** A table's name cell: the record's dot and its name (`testId` on the name). */
export function ColorName({ name, color, testId }: { name: string; color: string; testId: string }) {
  return (
    <span className={css.colorNameCell}>
      <ColorSwatch color={color} />
      <span className={css.colorName} data-testid={testId}>
        {name}
      </span>
    </span>
  );
}
