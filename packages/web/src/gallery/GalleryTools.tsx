import { useState } from 'react';
import { Input, Label, TextField, ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { galleryKindFilters, selectGalleryKind, selectGallerySearch } from '@sapa/machines/uploads';
import { useT } from '../i18n/I18nProvider.tsx';
import { visuallyHidden } from '../chat/chat.css.ts';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/** The search by file name (debounced in the machine) and the kind tabs. */
export function GalleryTools({ actor }: { actor: GalleryActor }) {
  const t = useT();
  const kind = useSelector(actor, selectGalleryKind);
  const typed = useSelector(actor, selectGallerySearch);
  const [search, setSearch] = useState(typed);
  return (
    <div className={css.tools}>
      <TextField
        value={search}
        onChange={(text) => {
          setSearch(text);
          actor.send({ type: 'gallery.search', text });
        }}
        aria-label={t('gallery.search')}
      >
        <Label className={visuallyHidden}>{t('gallery.search')}</Label>
        <Input type="search" className={css.search} placeholder={t('gallery.searchPlaceholder')} />
      </TextField>
      <ToggleButtonGroup
        aria-label={t('gallery.kind')}
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={[kind]}
        onSelectionChange={(keys: Set<Key>) => {
          const [next] = [...keys];
          const chosen = galleryKindFilters.find((item) => item === next);
          if (chosen) actor.send({ type: 'gallery.kind', kind: chosen });
        }}
        className={css.kinds}
      >
        {galleryKindFilters.map((item) => (
          <ToggleButton key={item} id={item} className={css.kind} data-testid={`gallery-kind-${item}`}>
            {t(`gallery.kind.${item}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
