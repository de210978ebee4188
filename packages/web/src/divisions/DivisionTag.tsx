import type { ConversationSummary } from '@sapa/sdk';
import { recordColors } from '../crm/ColorChip.tsx';
import { colorName } from '../crm/crm.css.ts';
import { useT } from '../i18n/I18nProvider.tsx';
import { visuallyHidden } from '../chat/chat.css.ts';
import * as css from './divisions.css.ts';

/**
 * A conversation row's division: a dot of its colour and its name on the row's second line, cut
 * short with an ellipsis so the row keeps its one height.
 */
export function DivisionTag({ division }: { division: NonNullable<ConversationSummary['division']> }) {
  const t = useT();
  return (
    <span className={css.rowTag} style={recordColors(division.color)} data-testid="conversation-division">
      <span className={css.rowTagDot} aria-hidden="true" />
      <span className={colorName} aria-hidden="true">
        {division.name}
      </span>
      <span className={visuallyHidden}>{t('conversationDivision.chip', { name: division.name })}</span>
    </span>
  );
}
