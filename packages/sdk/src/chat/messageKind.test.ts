import { describe, expect, it } from 'vitest';
import { messageKind } from './messageKind.ts';

describe('messageKind', () => {
  it.each([
    ['jpeg', 'image'],
    ['png', 'image'],
    ['webp', 'image'],
    ['jpg', 'image'],
    ['ogg', 'audio'],
    ['mp4', 'video'],
    ['vcard', 'contact'],
    ['text', 'text'],
    ['pdf', 'file'],
    ['docx', 'file'],
    ['', 'file'],
    ['PNG', 'image'],
  ])('renders %j as %s', (type, kind) => {
    expect(messageKind(type)).toBe(kind);
  });
});
