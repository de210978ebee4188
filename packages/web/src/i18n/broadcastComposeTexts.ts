/**
 * The texts of the broadcast composer (`/crm/broadcast/{key}/new`, `/{id}/edit`): its own part of
 * the SDK's catalogue, and the template and outreach parts its template list, preview and value
 * checks share with the template picker. They do not load with the app (`pnpm bench bundle`): the
 * screen adds them when its chunk loads, before it renders.
 */
import { addMessages, broadcastComposeMessages, broadcastMessages } from '@sapa/sdk';
import { loadTemplateTexts } from './templateTexts.ts';

export function loadBroadcastComposeTexts(): void {
  loadTemplateTexts();
  addMessages(broadcastMessages);
  addMessages(broadcastComposeMessages);
}
