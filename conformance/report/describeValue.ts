/** A value shown in a report line: JSON, cut to a readable length. */
export function describeValue(value: unknown, max = 160): string {
  if (value === undefined) return '(absent)';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
