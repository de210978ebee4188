/** A chat message's attachment as SPEC.md section 3 describes it. */
export interface ChatAttachment {
  /** jpeg, png, webp, jpg, ogg, mp4, vcard, text, or any other value (a generic file). */
  type: string;
  caption?: string | null | undefined;
  url?: string | null | undefined;
  filename?: string | null | undefined;
  /** Contact card (vcard) name and phone. */
  name?: string | null | undefined;
  phone?: string | null | undefined;
}

export type MessageKind = 'image' | 'audio' | 'video' | 'contact' | 'text' | 'file';
