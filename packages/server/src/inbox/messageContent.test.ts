import { describe, expect, it } from 'vitest';
import { fileType, inboundContent, sendBody } from './messageContent.ts';

const media = { mediaId: '1', mimeType: 'image/png' };

describe('inboundContent', () => {
  it('maps WhatsApp kinds to the message types of SPEC.md section 3', () => {
    expect(inboundContent({ type: 'image', ...media })?.type).toBe('png');
    expect(inboundContent({ type: 'image', ...media, mimeType: 'image/jpeg' })?.type).toBe('jpeg');
    expect(inboundContent({ type: 'image', ...media, mimeType: 'image/heic' })?.type).toBe('jpg');
    expect(inboundContent({ type: 'audio', voice: true, ...media })?.type).toBe('ogg');
    expect(inboundContent({ type: 'video', ...media })?.type).toBe('mp4');
    expect(inboundContent({ type: 'document', filename: 'Invoice.PDF', ...media })).toMatchObject({
      type: 'pdf',
      filename: 'Invoice.PDF',
    });
    expect(inboundContent({ type: 'text', body: 'Halo' })).toMatchObject({ type: 'text', caption: 'Halo' });
    expect(inboundContent({ type: 'reaction', reactedWamid: 'w', emoji: '👍' })).toBeNull();
  });

  it('stores files without a usable extension as `file`', () => {
    expect(fileType(undefined)).toBe('file');
    expect(fileType('README')).toBe('file');
    expect(fileType('notes.text')).toBe('file');
    expect(fileType('a.tar.gz')).toBe('gz');
  });
});

describe('sendBody', () => {
  const base = { caption: null, url: null, mediaId: null, filename: null, name: null, phone: null };
  it('builds the Graph body of each type, media by link', () => {
    expect(sendBody({ ...base, type: 'ogg', url: 'https://x/a.ogg' }, '+628123', null)).toMatchObject({
      to: '628123',
      type: 'audio',
      audio: { link: 'https://x/a.ogg' },
    });
    expect(sendBody({ ...base, type: 'mp4', url: 'https://x/a.mp4' }, '+628123', 'wamid.1')).toMatchObject({
      type: 'video',
      context: { message_id: 'wamid.1' },
    });
    expect(
      sendBody({ ...base, type: 'pdf', url: 'https://x/a.pdf', filename: 'a.pdf' }, '+628123', null),
    ).toMatchObject({ type: 'document', document: { link: 'https://x/a.pdf', filename: 'a.pdf' } });
    expect(
      sendBody({ ...base, type: 'vcard', name: 'Budi', phone: '+62811' }, '+628123', null),
    ).toMatchObject({
      type: 'contacts',
      contacts: [{ name: { formatted_name: 'Budi' }, phones: [{ phone: '+62811', type: 'CELL' }] }],
    });
  });
});
