/** What the CRM acts answer (labels and quick replies; stages, divisions and customers follow). */
import type { MediaFile } from './chatTypes.ts';

/** A project's label (`/crm/label/{key}`), attached to customers. */
export interface Label {
  id: string;
  name: string;
  /** `#rrggbb`. */
  color: string;
  /** Customers carrying it. */
  customers: number;
  createdAt: string;
}

/** A saved answer (`/crm/quick-reply/{key}`): typed as `/shortcut` in the composer. */
export interface QuickReply {
  id: string;
  /** Lowercase letters, digits, `_` and `-`, without the slash. */
  shortcut: string;
  /** May hold placeholders such as `{nama}`, filled from the customer when used (`fillQuickReply`). */
  text: string;
  /** A file sent with it (from the gallery or an upload), or `null`. */
  media: MediaFile | null;
  createdAt: string;
  updatedAt: string;
}
