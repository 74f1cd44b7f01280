/** The rules a schema can break, each a suffix of a subject (`request-body-`, `response-header-`...). */
export const SCHEMA_RULES = [
  'type-changed',
  'format-changed',
  'enum-value-removed',
  'enum-value-added',
  'known-value-removed',
  'known-value-added',
  'bound-narrowed',
  'bound-widened',
  'pattern-changed',
  'required-property-added',
  'optional-property-added',
  'required-property-removed',
  'optional-property-removed',
  'property-became-required',
  'property-became-optional',
  'additional-properties-changed',
] as const;

/** Where schemas sit, as rule prefixes. */
export const SCHEMA_SUBJECTS = ['request-parameter', 'request-body', 'response-body', 'response-header'] as const;
