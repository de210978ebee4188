/**
 * The texts of the template screens and of reaching customers with templates: parts of the SDK's
 * catalogue that do not load with the app, so the sign-in pages stay light (`pnpm bench bundle`).
 * The screens that show them (accounts, chat, the chat window, customers) add them when their
 * chunk loads, before they render.
 */
import { addMessages, outreachMessages, templateMessages, templateRuleMessages } from '@sapa/sdk';

export function loadTemplateTexts(): void {
  addMessages(templateMessages);
  addMessages(templateRuleMessages);
  addMessages(outreachMessages);
}
