import type { DataActionComponent } from '../../spec/openapi.d.ts';
import type { ComponentRecord } from '../../fixtures/records.ts';
import type { Stored } from '../store/Stored.ts';

/**
 * A component as the components data action returns it (spec: DataActionComponent). Its `fields` are a
 * flat map of strings ({ inep: "35012345" }) while the record keeps them by namespace as uploaded
 * ({ "@education:basic": { inep } }), so the namespaces are merged; on a clash the first namespace in
 * the record wins, which keeps `@education:basic` (uploaded first) authoritative.
 */
export function presentDataActionComponent(component: Stored<ComponentRecord>): DataActionComponent {
  const merged = new Map<string, string>();
  for (const values of Object.values(component.fields)) {
    for (const [key, value] of Object.entries(values)) {
      if (!merged.has(key) && typeof value === 'string') merged.set(key, value);
    }
  }
  return {
    active: component.active,
    alias: component.alias,
    name: component.name,
    // fromEntries defines own properties, so an uploaded key such as "__proto__" stays a plain key.
    fields: Object.fromEntries(merged),
    updatedAt: component.updatedAt,
  };
}
