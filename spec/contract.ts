/**
 * The contract of a spec file: the document read from disk (loadDocument.ts) and turned into validators once
 * per file. Everything else about a contract, built from a document in hand, is buildContract.ts, which reads
 * no file (the in-process mock builds its contract there, in a browser too).
 */
import { buildContract, type Contract, type ContractOptions } from './buildContract.ts';
import { DEFAULT_SPEC_PATH, loadDocument } from './loadDocument.ts';

export * from './buildContract.ts';

const cache = new Map<string, Contract>();

/** Loads the document once per file; compiles every request and response validator up front unless `lazy`. */
export function loadContract(file: string = DEFAULT_SPEC_PATH, options: ContractOptions = {}): Contract {
  let contract = cache.get(file);
  if (!contract) {
    contract = buildContract(loadDocument(file), file, { compile: 'lazy' });
    cache.set(file, contract);
  }
  if (options.compile !== 'lazy') contract.compileAll();
  return contract;
}
