import { describe, expect, it } from 'vitest';
import { captionToHtml, captionTokens } from './captionTokens.ts';

describe('captionTokens', () => {
  it('splits text, links and line breaks', () => {
    expect(captionTokens('Halo\nlihat https://sapa.id/promo ya')).toEqual([
      { type: 'text', text: 'Halo' },
      { type: 'break' },
      { type: 'text', text: 'lihat ' },
      { type: 'link', text: 'https://sapa.id/promo', href: 'https://sapa.id/promo' },
      { type: 'text', text: ' ya' },
    ]);
  });

  it('turns every kind of line break into a break', () => {
    expect(captionTokens('a\r\nb\rc\n\nd').filter((t) => t.type === 'break')).toHaveLength(4);
  });

  it('links www. addresses over https and leaves sentence punctuation out', () => {
    expect(captionTokens('Kunjungi www.sapa.id.')).toEqual([
      { type: 'text', text: 'Kunjungi ' },
      { type: 'link', text: 'www.sapa.id', href: 'https://www.sapa.id' },
      { type: 'text', text: '.' },
    ]);
    expect(captionTokens('(lihat https://en.wikipedia.org/wiki/Batik_(kain))')[1]).toEqual({
      type: 'link',
      text: 'https://en.wikipedia.org/wiki/Batik_(kain)',
      href: 'https://en.wikipedia.org/wiki/Batik_(kain)',
    });
  });

  it('answers nothing for an empty caption', () => {
    expect(captionTokens('')).toEqual([]);
    expect(captionTokens(null)).toEqual([]);
  });
});

describe('captionToHtml', () => {
  it('escapes angle brackets and turns breaks into <br>', () => {
    expect(captionToHtml('<b>halo</b>\ndunia')).toBe('&lt;b&gt;halo&lt;/b&gt;<br>dunia');
  });

  it('makes links clickable in a new tab without an opener', () => {
    expect(captionToHtml('cek https://sapa.id/a?x=1&y=2')).toBe(
      'cek <a href="https://sapa.id/a?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">https://sapa.id/a?x=1&amp;y=2</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
    ['JaVaScRiPt:alert(document.cookie)', 'JaVaScRiPt:alert(document.cookie)'],
    ['data:text/html,<script>alert(1)</script>', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    [
      '<a href="javascript:alert(1)">klik</a>',
      '&lt;a href=&quot;javascript:alert(1)&quot;&gt;klik&lt;/a&gt;',
    ],
  ])('renders %j inert', (caption, html) => {
    expect(captionToHtml(caption)).toBe(html);
    expect(captionTokens(caption).some((t) => t.type === 'link')).toBe(false);
  });

  it('ends a link at a quote or angle bracket so it cannot break out of its attribute', () => {
    expect(captionToHtml('https://x.id/"onmouseover="alert(1)')).toBe(
      '<a href="https://x.id/" target="_blank" rel="noopener noreferrer">https://x.id/</a>&quot;onmouseover=&quot;alert(1)',
    );
    expect(captionToHtml('https://x.id/<script>')).toBe(
      '<a href="https://x.id/" target="_blank" rel="noopener noreferrer">https://x.id/</a>&lt;script&gt;',
    );
  });

  it('never gives a link a scheme other than http or https', () => {
    const hostile = 'javascript:https://x.id vbscript:msgbox(1) www.javascript:alert(1) http://ok.id';
    const hrefs = captionTokens(hostile).flatMap((t) => (t.type === 'link' ? [t.href] : []));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^https?:\/\//);
  });
});
