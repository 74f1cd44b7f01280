/** Request parameters by name, each kept once and never empty. */
export type FormParams = Readonly<Record<string, string>>;

export interface ReadParams {
  params: FormParams;
  /** Names sent more than once: RFC 6749 §3.1 and §3.2 say they "MUST NOT be included more than once". */
  repeated: string[];
}

/**
 * Reads query or form parameters the way RFC 6749 §3.1 wants them read: a parameter sent without a value
 * is treated as omitted. The record has no prototype, so a parameter named `__proto__` is just a name.
 */
export function readFormParams(search: URLSearchParams): ReadParams {
  const params = Object.create(null) as Record<string, string>;
  const repeated = new Set<string>();
  for (const [name, value] of search) {
    if (value === '') continue;
    if (Object.hasOwn(params, name)) repeated.add(name);
    params[name] = value;
  }
  return { params, repeated: [...repeated] };
}
