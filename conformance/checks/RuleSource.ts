/** Where a rule comes from: a sentence of the API description (a MUST) or a decision in spec/DECISIONS.md (a SHOULD). */
export interface RuleSource {
  kind: 'description' | 'decision';
  /** The description's sentence, quoted, or the decision's heading in spec/DECISIONS.md. */
  text: string;
}
