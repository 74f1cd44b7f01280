import { escapePointerToken } from '../../spec/resolvePointer.ts';
import type { FoundChange } from './DiffContext.ts';
import { dereference } from './dereference.ts';
import { diffOperation, type OperationSide } from './diffOperation.ts';
import { diffSecuritySchemes } from './diffSecuritySchemes.ts';
import type { SpecChange } from './SpecChange.ts';

type Node = Record<string, unknown>;
const asNode = (v: unknown): Node => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The data actions are answered by the app and called by the platform (the API description's `@platform:data:*`). */
export function isDataActionPath(path: string): boolean {
  return path.includes('@platform:data:');
}

/**
 * Every change from `base` to `head` (two parsed OpenAPI 3.1 documents), `$ref`s followed, each graded for
 * clients and for implementations, in a stable order (operations in document order, then components).
 */
export function diffSpecs(baseDoc: unknown, headDoc: unknown): SpecChange[] {
  const base = dereference(baseDoc);
  const head = dereference(headDoc);
  const changes: SpecChange[] = [];
  const from = operationsOf(base);
  const to = operationsOf(head);
  const keep = (found: FoundChange, operation: string | undefined, dataAction: boolean) => {
    const { caller, provider } = found.levels;
    changes.push({
      rule: found.rule,
      pointer: found.pointer,
      ...(operation ? { operation } : {}),
      ...(found.component ? { component: found.component } : {}),
      ...(dataAction ? { rolesInverted: true as const } : {}),
      sentence: found.sentence,
      // For the data actions the app answers and the platform calls: the columns swap roles.
      clients: dataAction ? provider : caller,
      implementations: dataAction ? caller : provider,
    });
  };
  for (const [key, side] of from) {
    if (to.has(key)) continue;
    keep(
      {
        rule: 'api-operation-removed',
        pointer: side.pointer,
        sentence: `The operation ${side.label} was removed.`,
        levels: { caller: 'breaking', provider: 'safe' },
      },
      side.id,
      side.dataAction,
    );
  }
  for (const [key, side] of to) {
    const old = from.get(key);
    if (!old) {
      keep(
        {
          rule: 'api-operation-added',
          pointer: side.pointer,
          sentence: `The operation ${side.label} was added.`,
          levels: { caller: 'safe', provider: 'breaking' },
        },
        side.id,
        side.dataAction,
      );
      continue;
    }
    if (old.id !== side.id)
      // Generated clients name their methods after the operationId (openapi-typescript, openapi-generator).
      keep(
        {
          rule: 'operation-id-changed',
          pointer: `${side.pointer}/operationId`,
          sentence: `The operationId changed from ${String(old.id)} to ${String(side.id)}.`,
          levels: { caller: 'potentially-breaking', provider: 'safe' },
        },
        side.id,
        side.dataAction,
      );
    diffOperation(old, side, (found) => keep(found, side.id, side.dataAction));
  }
  diffSecuritySchemes(base, head, (found) => keep(found, undefined, false));
  return changes;
}

interface Side extends OperationSide {
  id: string | undefined;
  label: string;
  dataAction: boolean;
}

/** Operations keyed by method and path template with parameter names blanked (`/v1/groups/{}`), as servers route them. */
function operationsOf(doc: unknown): Map<string, Side> {
  const out = new Map<string, Side>();
  const root = asNode(doc);
  for (const [path, rawItem] of Object.entries(asNode(root.paths))) {
    const pathItem = asNode(rawItem);
    const pathPointer = `#/paths/${escapePointerToken(path)}`;
    for (const method of METHODS) {
      if (!(method in pathItem)) continue;
      const operation = asNode(pathItem[method]);
      const id = typeof operation.operationId === 'string' ? operation.operationId : undefined;
      out.set(`${method} ${path.replace(/\{[^}]*\}/g, '{}')}`, {
        pointer: `${pathPointer}/${method}`,
        pathPointer,
        pathItem,
        operation,
        rootSecurity: root.security,
        id,
        label: `${method.toUpperCase()} ${path}${id ? ` (${id})` : ''}`,
        dataAction: isDataActionPath(path),
      });
    }
  }
  return out;
}
