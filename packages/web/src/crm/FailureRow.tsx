import { Button } from '../components/Button.tsx';
import * as css from './choice.css.ts';

/**
 * A failure said in a line (role `alert`), with the button that deals with it: a retry
 * (`secondary`) or a close (`ghost`).
 */
export function FailureRow({
  message,
  action,
  onAction,
  tone = 'secondary',
}: {
  message: string;
  action: string;
  onAction(): void;
  tone?: 'secondary' | 'ghost';
}) {
  return (
    <div className={css.row} role="alert">
      <p className={css.error}>{message}</p>
      <Button size="sm" tone={tone} onPress={onAction}>
        {action}
      </Button>
    </div>
  );
}
