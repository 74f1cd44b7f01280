/** How long a write may take to become visible before the suite stops waiting (a few seconds: replication, queues). */
export const READ_BACK_BUDGET_MS = 3000;
/** Beyond this, a write that became visible is late: a SHOULD (what is prompt is our decision). */
export const READ_BACK_PROMPT_MS = 1000;

/**
 * Reads until `done` holds or the budget is spent: a write applied asynchronously (an upload queued, a
 * replica behind) is not a wrong one. Returns the last read and how long it took to hold (undefined: never).
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  options: { budgetMs?: number; intervalMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<{ value: T; heldAfterMs?: number }> {
  const budget = options.budgetMs ?? READ_BACK_BUDGET_MS;
  const interval = options.intervalMs ?? 250;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let waited = 0;
  let value = await read();
  while (!done(value)) {
    if (waited >= budget) return { value };
    await sleep(interval);
    waited += interval;
    value = await read();
  }
  return { value, heldAfterMs: waited };
}
