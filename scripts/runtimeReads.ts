/**
 * The project files the package's code reads at run time, found in its source: every `import.meta.url`
 * (`dirname`, `filename`) of a module the package compiles, resolved where it names a file by a literal
 * (`new URL('./dashboard.html', import.meta.url)`, `join(import.meta.dirname, 'x')`, or each of a literal list
 * mapped through `new URL(p, import.meta.url)`). A use it cannot resolve is reported as such, so a new kind of
 * read cannot slip past the check that each read file is shipped (scripts/runtimeReads.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { posix } from 'node:path';
import type * as TypeScript from 'typescript';
import { packageSources, ROOT } from './packageContents.ts';

export interface RuntimeRead {
  /** The module that reads, relative to the project root. */
  module: string;
  line: number;
  /** What it reads, relative to the project root (`..` first when outside it); a folder ends with `/`. */
  path: string;
}

export interface UnresolvedUse {
  module: string;
  line: number;
  code: string;
}

const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

/** Every run-time read of the package's modules, and every use of import.meta this cannot resolve. */
export function runtimeReads(root: string = ROOT, modules: readonly string[] = packageSources(root)): { reads: RuntimeRead[]; unresolved: UnresolvedUse[] } {
  const reads: RuntimeRead[] = [];
  const unresolved: UnresolvedUse[] = [];
  for (const module of modules) {
    const source = ts.createSourceFile(module, readFileSync(posix.join(root, module), 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: TypeScript.Node): void => {
      if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) classify(module, source, node, reads, unresolved);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { reads, unresolved };
}

function classify(module: string, source: TypeScript.SourceFile, meta: TypeScript.MetaProperty, reads: RuntimeRead[], unresolved: UnresolvedUse[]): void {
  const line = source.getLineAndCharacterOfPosition(meta.getStart()).line + 1;
  const access = meta.parent;
  const name = ts.isPropertyAccessExpression(access) ? access.name.text : '';
  const use = access.parent;
  const add = (literal: string): void => {
    const resolved = posix.join(posix.dirname(module), literal);
    const folder = /(^|\/)\.{0,2}$/.test(literal);
    reads.push({ module, line, path: folder ? `${resolved.replace(/\/$/, '')}/` : resolved });
  };
  // `createRequire(import.meta.url)`: a package's module, resolved by Node, not a file of ours.
  if (name === 'url' && ts.isCallExpression(use) && ts.isIdentifier(use.expression) && use.expression.text === 'createRequire') return;
  // `import.meta.url === pathToFileURL(process.argv[1]).href`: whether this module is the one run.
  if ((name === 'url' || name === 'filename') && ts.isBinaryExpression(use) && use.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken) return;
  if (name === 'url' && ts.isNewExpression(use) && ts.isIdentifier(use.expression) && use.expression.text === 'URL' && use.arguments?.[1] === access) {
    const first = use.arguments[0];
    const literals = first ? literalsOf(first) : undefined;
    if (literals) {
      for (const literal of literals) add(literal);
      return;
    }
  }
  if (name === 'dirname' && ts.isCallExpression(use) && ts.isIdentifier(use.expression) && use.expression.text === 'join' && use.arguments[0] === access) {
    const rest = use.arguments.slice(1);
    if (rest.every(ts.isStringLiteralLike)) {
      add(rest.map((a) => a.text).join('/'));
      return;
    }
  }
  unresolved.push({ module, line, code: use.getText(source).slice(0, 120) });
}

/** A string literal, or the parameter of `[literal, …].map((p) => …)`: the literal paths it stands for. */
function literalsOf(node: TypeScript.Expression): string[] | undefined {
  if (ts.isStringLiteralLike(node)) return [node.text];
  if (!ts.isIdentifier(node)) return undefined;
  for (let at: TypeScript.Node | undefined = node.parent; at; at = at.parent) {
    if (!ts.isArrowFunction(at) && !ts.isFunctionExpression(at)) continue;
    const param = at.parameters[0]?.name;
    if (!param || !ts.isIdentifier(param) || param.text !== node.text) continue;
    const call = at.parent;
    if (!ts.isCallExpression(call) || !ts.isPropertyAccessExpression(call.expression) || call.expression.name.text !== 'map') return undefined;
    const list = call.expression.expression;
    if (!ts.isArrayLiteralExpression(list) || !list.elements.every(ts.isStringLiteralLike)) return undefined;
    return list.elements.map((e) => (e as TypeScript.StringLiteralLike).text);
  }
  return undefined;
}
