/**
 * The texts of the broadcast results' pages (`/crm/broadcast/{key}`, `/crm/broadcast/{key}/{id}`):
 * a part of the SDK's catalogue that does not load with the app, so the sign-in pages stay light
 * (`pnpm bench bundle`). Each page adds it when its chunk loads, before it renders.
 */
import { addMessages, broadcastMessages } from '@sapa/sdk';

export function loadBroadcastTexts(): void {
  addMessages(broadcastMessages);
}
