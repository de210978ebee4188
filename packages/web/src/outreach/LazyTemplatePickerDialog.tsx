/**
 * The open conversation's template picker (`TemplatePickerDialog.tsx`, with the picker's form and
 * preview) loads when the conversation first opens it (`open.pickTemplate`).
 */
import { useSelector } from '@xstate/react';
import { selectOpenPicker } from '@sapa/machines/inbox';
import { lazyDialog } from '../lazyDialog.tsx';

export const TemplatePickerDialog = lazyDialog(
  () => import('./TemplatePickerDialog.tsx'),
  'TemplatePickerDialog',
  (props) => useSelector(props.open, selectOpenPicker) !== null,
);
