import { useCallback } from 'react';
import { translate, type MessageKey } from '@sapa/sdk';
import { usePreferences } from '../preferences/PreferencesProvider.tsx';

export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** The catalogue lookup in the viewer's language. Every visible string goes through it. */
export function useT(): Translate {
  const { locale } = usePreferences();
  return useCallback((key, params) => translate(locale, key, params), [locale]);
}
