/** Starting a conversation with a template (`StartConversationDialog.tsx`) loads when it first opens. */
import { lazyDialog } from '../lazyDialog.tsx';

export type { StartConversationDialogProps } from './StartConversationDialog.tsx';

export const StartConversationDialog = lazyDialog(
  () => import('./StartConversationDialog.tsx'),
  'StartConversationDialog',
  (props) => props.customer !== null,
);
