import { emptyAnswer, jsonAnswer, type MockRoute } from '../exchange/MockRoute.ts';
import { addStub, clearStubs, listStubs, removeStub, replaceStubs, setStubEnabled } from './stubActions.ts';

/** The stubs of the request's session (docs/stubs.md), as routes over the actions of stubActions.ts. */
export function stubControlRoutes(): MockRoute[] {
  return [
    {
      method: 'GET',
      path: '/__mock/stubs',
      handle: (context) => jsonAnswer(200, listStubs(context.session())),
    },
    {
      method: 'POST',
      path: '/__mock/stubs',
      handle: async (context) => {
        const body = await context.json();
        const stub = addStub(context.session(), body);
        // The stub's own URL (RFC 9110 §10.2.2), without the mount path, as it has always been.
        return jsonAnswer(201, stub, { Location: `/__mock/stubs/${stub.id}` });
      },
    },
    {
      method: 'PUT',
      path: '/__mock/stubs',
      handle: async (context) => {
        const body = await context.json();
        return jsonAnswer(200, replaceStubs(context.session(), body));
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/stubs',
      handle: (context) => {
        clearStubs(context.session());
        return emptyAnswer();
      },
    },
    {
      method: 'PATCH',
      path: '/__mock/stubs/:id',
      handle: async (context) => {
        const body = await context.json();
        return jsonAnswer(200, setStubEnabled(context.session(), context.params.id ?? '', body));
      },
    },
    {
      method: 'DELETE',
      path: '/__mock/stubs/:id',
      handle: (context) => {
        removeStub(context.session(), context.params.id ?? '');
        return emptyAnswer();
      },
    },
  ];
}
