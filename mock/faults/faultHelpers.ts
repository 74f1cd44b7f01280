import type { FaultRequestContext } from './Fault.ts';

/** Small readers shared by the faults; a fault that cannot read what it needs does nothing. */
export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function header(ctx: FaultRequestContext, name: string): string | undefined {
  const value = ctx.req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The token record behind the request's bearer token, when it is one the store knows. */
export function bearerToken(ctx: FaultRequestContext) {
  const match = /^Bearer +(\S+)$/i.exec(header(ctx, 'authorization') ?? '');
  return match ? ctx.store.token(match[1] as string) : undefined;
}

/** A development token that works in the community (the first community when none is given). */
export function anyValidToken(ctx: FaultRequestContext, community: string | undefined): string | undefined {
  const wanted = community ?? ctx.store.communities()[0]?.id;
  return ctx.store.tokens().find((t) => t.kind === 'development' && !t.revoked && !t.expiresAt && wanted !== undefined && t.communities.includes(wanted))
    ?.token;
}

/** Applies `change` to every group of a list, search or read answer. */
export function eachGroup(body: unknown, change: (group: Json) => void): void {
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.hits) ? body.hits : isRecord(body) ? [body] : [];
  for (const group of list) if (isRecord(group)) change(group);
}

export function renameKey(record: Json, from: string, to: string): void {
  if (!(from in record)) return;
  const entries = Object.entries(record).map(([k, v]) => [k === from ? to : k, v] as const);
  for (const key of Object.keys(record)) delete record[key];
  Object.assign(record, Object.fromEntries(entries));
}

export const isSuccess = (status: number): boolean => status >= 200 && status < 300;
