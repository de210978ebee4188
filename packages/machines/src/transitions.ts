/** Typing help for statechart fragments whose event names are built from a machine's prefix. */

/** `{ [type]: transition }`, typed by the event's literal name (e.g. `` `${prefix}.add` as const ``). */
export function on<Type extends string, Transition>(
  type: Type,
  transition: Transition,
): Record<Type, Transition> {
  return { [type]: transition } as Record<Type, Transition>;
}
