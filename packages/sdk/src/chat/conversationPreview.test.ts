import { describe, expect, it } from 'vitest';
import { conversationPreview } from './conversationPreview.ts';

describe('conversationPreview', () => {
  it.each(['jpeg', 'png', 'webp'])('shows an icon plus "Image" for %s', (type) => {
    expect(conversationPreview({ type, caption: 'lihat ini' })).toEqual({ icon: 'image', text: 'Image' });
  });

  it('shows "Audio" for ogg and "Video" for mp4', () => {
    expect(conversationPreview({ type: 'ogg' })).toEqual({ icon: 'audio', text: 'Audio' });
    expect(conversationPreview({ type: 'mp4' })).toEqual({ icon: 'video', text: 'Video' });
  });

  it('shows the contact name for vcard', () => {
    expect(conversationPreview({ type: 'vcard', name: 'Budi', phone: '+628123' })).toEqual({
      icon: 'contact',
      text: 'Budi',
    });
    expect(conversationPreview({ type: 'vcard', name: '', phone: '+628123' }).text).toBe('+628123');
  });

  it('shows the caption for text', () => {
    expect(conversationPreview({ type: 'text', caption: 'Halo kak' })).toEqual({
      icon: null,
      text: 'Halo kak',
    });
    expect(conversationPreview({ type: 'text' })).toEqual({ icon: null, text: '' });
    expect(conversationPreview({ type: 'template', caption: 'Halo Sari, tagihan INV-7' })).toEqual({
      icon: null,
      text: 'Halo Sari, tagihan INV-7',
    });
  });

  it('shows the filename for any other file, jpg included (the spec does not list jpg)', () => {
    expect(conversationPreview({ type: 'pdf', filename: 'invoice.pdf' })).toEqual({
      icon: 'file',
      text: 'invoice.pdf',
    });
    expect(conversationPreview({ type: 'jpg', filename: 'photo.jpg' })).toEqual({
      icon: 'file',
      text: 'photo.jpg',
    });
    expect(conversationPreview({ type: 'zip', url: 'https://x.id/files/laporan%20mei.zip?t=1' }).text).toBe(
      'laporan mei.zip',
    );
  });
});
