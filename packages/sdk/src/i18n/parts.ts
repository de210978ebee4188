/**
 * The parts of the catalogue that `translate` does not load with the app (see `translate.ts`),
 * each exported from its own module: a screen that adds one (`addMessages`) carries that part
 * alone in its chunk, not the whole catalogue (`catalogue.ts`, the server's and the tests').
 */
export { automation as automationMessages } from './messages/automation.ts';
export { broadcastCompose as broadcastComposeMessages } from './messages/broadcastCompose.ts';
export { broadcasts as broadcastMessages } from './messages/broadcasts.ts';
export { outreach as outreachMessages } from './messages/outreach.ts';
export { projectBilling as projectBillingMessages } from './messages/projectBilling.ts';
export { saldo as saldoMessages } from './messages/saldo.ts';
export { team as teamMessages } from './messages/team.ts';
export { templateRules as templateRuleMessages } from './messages/templateRules.ts';
export { templates as templateMessages } from './messages/templates.ts';
