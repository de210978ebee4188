import { Button as AriaButton } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { selectCanNext, selectCanPrev, selectPageLinks } from '@sapa/machines/table';
import type { TableActorRef, TablePageLink } from '@sapa/machines/table';
import { Button } from '../components/Button.tsx';
import { useT } from '../i18n/I18nProvider.tsx';
import { sameLinks } from './tableView.ts';
import * as css from './table.css.ts';

/**
 * Prev, up to 5 page links around the current page, Next (SPEC.md sections 2, 4 and 9). What is
 * enabled and which pages show come from the table machine; pressing sends it the event.
 */
export function TablePager<Row, Payload>({ actor }: { actor: TableActorRef<Row, Payload> }) {
  const t = useT();
  const canPrev = useSelector(actor, selectCanPrev);
  const canNext = useSelector(actor, selectCanNext);
  const links = useSelector(actor, selectPageLinks, sameLinks);
  return (
    <nav className={css.pager} aria-label={t('table.pages')}>
      <Button
        tone="secondary"
        size="sm"
        isDisabled={!canPrev}
        onPress={() => actor.send({ type: 'table.prev' })}
      >
        {t('table.prev')}
      </Button>
      <ul className={css.pageLinks}>
        {links.map((link) => (
          <li key={link.index}>
            <PageLink link={link} onPress={() => actor.send({ type: 'table.page', index: link.index })} />
          </li>
        ))}
      </ul>
      <Button
        tone="secondary"
        size="sm"
        isDisabled={!canNext}
        onPress={() => actor.send({ type: 'table.next' })}
      >
        {t('table.next')}
      </Button>
    </nav>
  );
}

function PageLink({ link, onPress }: { link: TablePageLink; onPress: () => void }) {
  const t = useT();
  return (
    <AriaButton
      className={css.pageLink({ current: link.current })}
      aria-label={t('table.page', { page: link.number })}
      {...(link.current ? { 'aria-current': 'page' as const } : {})}
      onPress={onPress}
    >
      {link.number}
    </AriaButton>
  );
}
