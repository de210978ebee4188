import { assignInlineVars } from '@vanilla-extract/dynamic';
import { isStageColor } from '@sapa/machines';
import * as css from './stages.css.ts';

/** Shown in place of a colour that is not `#rrggbb` (yet). */
export const NO_STAGE_COLOR = '#9e9e9e';

/** The inline variable that paints an element in a stage's colour (a colour being typed: grey). */
export function stageColors(color: string | null) {
  const value = color !== null && isStageColor(color) ? color.trim().toLowerCase() : NO_STAGE_COLOR;
  return assignInlineVars({ [css.stageColor]: value });
}

/** A round dot of a stage's colour (decorative: the name goes beside it). */
export function StageSwatch({ color }: { color: string | null }) {
  return <span className={css.swatch} style={stageColors(color)} aria-hidden="true" />;
}

/** A stage as a pill with its colour; `testId` names it for tests. */
export function StageChip({ name, color, testId }: { name: string; color: string | null; testId?: string }) {
  return (
    <span className={css.chip} style={stageColors(color)} data-testid={testId}>
      <StageSwatch color={color} />
      <span className={css.name}>{name}</span>
    </span>
  );
}
