/**
 * The texts of the four automation screens (issue 18) and of the rules' field errors: a part of
 * the SDK's catalogue that does not load with the app. The screens' module adds it when its chunk
 * loads, before it renders.
 */
import { addMessages, automationMessages } from '@sapa/sdk';

export function loadAutomationTexts(): void {
  addMessages(automationMessages);
}
