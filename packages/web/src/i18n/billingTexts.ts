/**
 * The texts of the prepaid balance's pages (`/saldo`, `/project/billing/{key}`): parts of the
 * SDK's catalogue that do not load with the app, so the sign-in pages stay light
 * (`pnpm bench bundle`). Each page adds them when its chunk loads, before it renders.
 */
import { addMessages, projectBillingMessages, saldoMessages } from '@sapa/sdk';

export function loadBillingTexts(): void {
  addMessages(saldoMessages);
  addMessages(projectBillingMessages);
}
