import { Label, Meter } from 'react-aria-components';
import { useSelector } from '@xstate/react';
import { storageUsageOf } from '@sapa/sdk';
import { selectGalleryUsage } from '@sapa/machines/uploads';
import { useT } from '../i18n/I18nProvider.tsx';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';
import type { GalleryActor } from './types.ts';
import * as css from './gallery.css.ts';

/**
 * The project's storage against its quota (`gallery_usage`, worded by the SDK's `storageUsageOf`):
 * a meter with the sizes, and a hint when it is nearly full. Nothing until it first loads.
 */
export function StorageMeter({ actor }: { actor: GalleryActor }) {
  const t = useT();
  const { locale } = usePreferences();
  const usage = useSelector(actor, selectGalleryUsage);
  if (usage === null) return null;
  const view = storageUsageOf(usage, locale);
  const text = t('gallery.usageText', { used: view.used, quota: view.quota, percent: view.percent });
  return (
    <Meter value={view.percent} valueLabel={text} className={css.usage} data-testid="gallery-usage">
      {({ valueText }) => (
        <>
          <div className={css.usageHead}>
            <Label className={css.usageLabel}>{t('gallery.usage')}</Label>
            <span className={css.muted}>{valueText}</span>
          </div>
          <div className={css.usageTrack}>
            <div
              className={css.usageFill({ nearlyFull: view.nearlyFull })}
              style={{ width: `${view.percent}%` }}
            />
          </div>
          {view.nearlyFull ? <p className={css.usageHint}>{t('gallery.usageNearlyFull')}</p> : null}
        </>
      )}
    </Meter>
  );
}
