/**
 * A stage's colour as a dot, a pill, or the variable that paints with it: the CRM's colour chips
 * (crm/ColorChip.tsx), under the names other screens import.
 */
export {
  ColorChip as StageChip,
  ColorSwatch as StageSwatch,
  recordColors as stageColors,
} from '../crm/ColorChip.tsx';
