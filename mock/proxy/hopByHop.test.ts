import { describe, expect, it } from 'vitest';
import { endToEndHeaders } from './hopByHop.ts';

describe('endToEndHeaders', () => {
  it.each<[string, Record<string, string | string[]>, Record<string, string | string[]>]>([
    ['keeps end-to-end headers', { accept: 'application/json', 'x-request-id': 'r1' }, { accept: 'application/json', 'x-request-id': 'r1' }],
    [
      'drops the fixed hop-by-hop list',
      {
        connection: 'keep-alive',
        'keep-alive': 'timeout=5',
        'proxy-connection': 'keep-alive',
        te: 'trailers',
        trailer: 'x-late',
        'transfer-encoding': 'chunked',
        upgrade: 'websocket',
        'proxy-authenticate': 'Basic',
        'proxy-authorization': 'Basic eDp5',
        accept: '*/*',
      },
      { accept: '*/*' },
    ],
    ['drops what Connection names, any case', { connection: 'close, X-Private, x-other', 'x-private': '1', 'x-other': '2', 'x-kept': '3' }, { 'x-kept': '3' }],
    ['reads every Connection line', { connection: ['x-a', 'X-B '], 'x-a': '1', 'x-b': '2', 'x-c': '3' }, { 'x-c': '3' }],
    ['even an end-to-end header, when Connection names it', { connection: 'authorization', authorization: 'Bearer t', accept: '*/*' }, { accept: '*/*' }],
    ['ignores what is not a token', { connection: 'x-a x-b, ', 'x-a': '1' }, { 'x-a': '1' }],
  ])('%s', (_name, given, want) => {
    expect(endToEndHeaders(given)).toEqual(want);
  });
});
