/**
 * The whole message catalogue in one object, every part included (`translate.ts` loads the core
 * with the app and the rest with the screens that use them, from `parts.ts`): what the server
 * answers from and what the tests check (English mirrors every Indonesian key). `addEveryMessage`
 * makes `translate` know every part at once (the server calls it at start). The web app does not
 * import this module: it would carry every part.
 */
import { automation } from './messages/automation.ts';
import { broadcastCompose } from './messages/broadcastCompose.ts';
import { broadcasts } from './messages/broadcasts.ts';
import { customers } from './messages/customers.ts';
import { divisions } from './messages/divisions.ts';
import { errors } from './messages/errors.ts';
import { forms } from './messages/forms.ts';
import { newcomer } from './messages/newcomer.ts';
import { outbox } from './messages/outbox.ts';
import { outreach } from './messages/outreach.ts';
import { personal } from './messages/personal.ts';
import { projectBilling } from './messages/projectBilling.ts';
import { saldo } from './messages/saldo.ts';
import { team } from './messages/team.ts';
import { templateRules } from './messages/templateRules.ts';
import { templates } from './messages/templates.ts';
import { ui } from './messages/ui.ts';
import { addMessages } from './translate.ts';

const parts = [
  errors,
  ui,
  forms,
  customers,
  divisions,
  team,
  personal,
  newcomer,
  outbox,
  templateRules,
  templates,
  outreach,
  saldo,
  projectBilling,
  broadcasts,
  broadcastCompose,
  automation,
] as const;

export const messages = {
  id: Object.assign({}, ...parts.map((part) => part.id)) as Readonly<Record<string, string>>,
  en: Object.assign({}, ...parts.map((part) => part.en)) as Readonly<Record<string, string>>,
};

/** Makes `translate` know every part of the catalogue. */
export function addEveryMessage(): void {
  for (const part of [
    templateRules,
    templates,
    outreach,
    saldo,
    projectBilling,
    broadcasts,
    broadcastCompose,
    team,
    automation,
  ])
    addMessages(part);
}
