import type { Contract } from '../../spec/contract.ts';
import type { Exchange } from '../client/Exchange.ts';

/** What the checks that look at one exchange on its own receive. */
export interface ExchangeInput {
  contract: Contract;
  exchange: Exchange;
}

export function isSuccess(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}

export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}
