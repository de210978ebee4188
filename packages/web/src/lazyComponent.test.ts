import { describe, expect, it } from 'vitest';
import { Suspense, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { lazyComponent } from './lazyComponent.ts';

const page = (text: string) => createElement('p', null, text);
const inSuspense = (child: ReturnType<typeof createElement>) =>
  renderToString(createElement(Suspense, { fallback: page('loading') }, child));

describe('lazyComponent', () => {
  it('suspends while its code loads, and renders at once once preloaded', async () => {
    let loads = 0;
    const Screen = lazyComponent(async () => {
      loads += 1;
      return { Screen: ({ name }: { name: string }) => page(`hello ${name}`) };
    }, 'Screen');
    expect(inSuspense(createElement(Screen, { name: 'Sari' }))).toContain('loading');
    await Screen.preload();
    expect(inSuspense(createElement(Screen, { name: 'Sari' }))).toContain('<p>hello Sari</p>');
    expect(loads).toBe(1);
  });
});
