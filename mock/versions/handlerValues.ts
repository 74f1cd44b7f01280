import type { Contract, RequestInput, RequestValidation } from '../../spec/contract.ts';

type Values = RequestValidation['values'];

/**
 * The parameter values a shared handler gets for a request the previous contract accepted (`judged`, its
 * values): the same request read by the current contract (its types, its defaults), since the handlers are
 * written for the current one; a value the current contract refuses (a bound it narrowed) is taken as the
 * previous one read it, since the previous contract's verdict stands. A parameter the previous contract
 * names differently reaches the handler under its old name, which the handler does not read: it answers as
 * if the parameter were absent.
 */
export function handlerValues(current: Contract, operationId: string, input: RequestInput, judged: Values): Values {
  const read = current.validateRequest(operationId, input).values;
  return {
    path: { ...judged.path, ...read.path },
    query: { ...judged.query, ...read.query },
    header: { ...judged.header, ...read.header },
  };
}
