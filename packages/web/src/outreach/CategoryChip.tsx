import type { TemplateCategory } from '@sapa/sdk';
import { useT } from '../i18n/I18nProvider.tsx';
import * as css from './outreach.css.ts';

/** A template's category (Meta bills by it): Marketing, Utility, Authentication. */
export function CategoryChip({ category, testId }: { category: TemplateCategory; testId?: string }) {
  const t = useT();
  return (
    <span className={css.categoryChip({ category })} data-testid={testId}>
      {t(`outreach.category.${category}`)}
    </span>
  );
}
