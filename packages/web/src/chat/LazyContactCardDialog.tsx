/** The composer's contact card dialog (`ContactCardDialog.tsx`) loads when it first opens. */
import { lazyDialog } from '../lazyDialog.tsx';

export const ContactCardDialog = lazyDialog(
  () => import('./ContactCardDialog.tsx'),
  'ContactCardDialog',
  (props) => props.isOpen,
);
