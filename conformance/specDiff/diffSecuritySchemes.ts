import { escapePointerToken } from '../../spec/resolvePointer.ts';
import type { FoundChange } from './DiffContext.ts';

type Node = Record<string, unknown>;
const asNode = (v: unknown): Node => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});

/**
 * The security schemes of `components` (OpenAPI 3.1 §4.8.27). A scope gone from a flow is refused when a client
 * asks for it (RFC 6749 §4.1.2.1, invalid_scope); a scope new to a flow is one an authorization server of the
 * old contract refuses. Requirements per operation are compared with the operation.
 */
export function diffSecuritySchemes(baseDoc: unknown, headDoc: unknown, report: (c: FoundChange) => void): void {
  const from = asNode(asNode(asNode(baseDoc).components).securitySchemes);
  const to = asNode(asNode(asNode(headDoc).components).securitySchemes);
  const root = '#/components/securitySchemes';
  for (const name of Object.keys(from)) {
    if (!(name in to))
      report({
        rule: 'security-scheme-removed',
        pointer: `${root}/${escapePointerToken(name)}`,
        sentence: `The security scheme "${name}" was removed.`,
        levels: { caller: 'breaking', provider: 'safe' },
      });
  }
  for (const [name, raw] of Object.entries(to)) {
    const at = `${root}/${escapePointerToken(name)}`;
    if (!(name in from)) {
      report({
        rule: 'security-scheme-added',
        pointer: at,
        sentence: `The security scheme "${name}" was added.`,
        levels: { caller: 'safe', provider: 'safe' },
      });
      continue;
    }
    const old = asNode(from[name]);
    const now = asNode(raw);
    for (const key of ['type', 'scheme', 'in', 'name', 'bearerFormat', 'openIdConnectUrl']) {
      if (old[key] !== now[key])
        report({
          rule: 'security-scheme-changed',
          pointer: `${at}/${key}`,
          sentence: `The ${key} of "${name}" changed from ${String(old[key])} to ${String(now[key])}.`,
          levels: { caller: 'breaking', provider: 'breaking' },
        });
    }
    diffFlows(name, asNode(old.flows), asNode(now.flows), `${at}/flows`, report);
  }
}

function diffFlows(scheme: string, from: Node, to: Node, pointer: string, report: (c: FoundChange) => void): void {
  for (const flow of Object.keys(from)) {
    if (!(flow in to))
      report({
        rule: 'security-flow-removed',
        pointer: `${pointer}/${flow}`,
        sentence: `The ${flow} flow of "${scheme}" was removed.`,
        levels: { caller: 'breaking', provider: 'safe' },
      });
  }
  for (const [flow, raw] of Object.entries(to)) {
    const at = `${pointer}/${flow}`;
    if (!(flow in from)) {
      report({
        rule: 'security-flow-added',
        pointer: at,
        sentence: `The ${flow} flow of "${scheme}" was added.`,
        levels: { caller: 'safe', provider: 'breaking' },
      });
      continue;
    }
    const old = asNode(from[flow]);
    const now = asNode(raw);
    for (const key of ['authorizationUrl', 'tokenUrl', 'refreshUrl']) {
      if (old[key] !== now[key])
        report({
          rule: 'security-flow-url-changed',
          pointer: `${at}/${key}`,
          sentence: `The ${key} of the ${flow} flow of "${scheme}" changed.`,
          levels: { caller: 'breaking', provider: 'potentially-breaking' },
        });
    }
    const before = Object.keys(asNode(old.scopes));
    const after = Object.keys(asNode(now.scopes));
    for (const scope of before.filter((s) => !after.includes(s)))
      report({
        rule: 'security-scheme-scope-removed',
        pointer: `${at}/scopes`,
        sentence: `The scope "${scope}" of "${scheme}" was removed: a client asking for it is refused.`,
        levels: { caller: 'breaking', provider: 'safe' },
      });
    for (const scope of after.filter((s) => !before.includes(s)))
      report({
        rule: 'security-scheme-scope-added',
        pointer: `${at}/scopes/${escapePointerToken(scope)}`,
        sentence: `The scope "${scope}" of "${scheme}" was added.`,
        levels: { caller: 'safe', provider: 'breaking' },
      });
  }
}
