/** A form's problems, one sentence per field that has one. */
export type Problems<K extends string> = Partial<Record<K, string>>;

/** The first field, in the order the form shows them, that has a problem. */
export function firstProblem<K extends string>(order: readonly K[], problems: Problems<K>): K | undefined {
  return order.find((field) => problems[field]);
}

/**
 * Moves the keyboard to the first field with a problem, so the person lands on it and hears its
 * message (the field's description); says whether there was one.
 */
export function focusFirstProblem<K extends string>(order: readonly K[], problems: Problems<K>, idOf: (field: K) => string): boolean {
  const field = firstProblem(order, problems);
  if (field === undefined) return false;
  document.getElementById(idOf(field))?.focus();
  return true;
}

/** The fields that have a problem, without the ones whose check said nothing. */
export function onlyProblems<K extends string>(problems: Partial<Record<K, string | undefined>>): Problems<K> {
  const kept: Problems<K> = {};
  for (const field in problems) {
    const problem = problems[field];
    if (problem) kept[field] = problem;
  }
  return kept;
}
