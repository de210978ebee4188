/**
 * An automation screen's live events (DESIGN.md "Real-time"): the socket's
 * `automation.rule.updated` and `automation.rule.deleted` of its project (the server sends them to
 * the room `automation:<key>:<kind>` of the members who may view the kind), and the connection's
 * `resync`, as automationRulesMachine's events.
 */
import type { AutomationRulesEvent } from './automationRulesMachine.ts';
import type { InboxEventSource, ResyncSource } from './inboxRouting.ts';

/** Feeds the rules screen of project `key` its live events; answers the function that stops. */
export function followAutomationRules(
  source: InboxEventSource,
  connection: ResyncSource,
  key: string,
  target: { send(event: AutomationRulesEvent): void },
): () => void {
  const offs = [
    source.on('automation.rule.updated', (event) => {
      if (event.key === key) target.send({ type: 'automation.updated', rule: event.rule });
    }),
    source.on('automation.rule.deleted', (event) => {
      if (event.key === key)
        target.send({ type: 'automation.deleted', kind: event.kind, ruleId: event.ruleId });
    }),
  ];
  const resync = connection.on('resync', () => target.send({ type: 'automation.resync' }));
  return () => {
    for (const off of offs) off();
    resync.unsubscribe();
  };
}
