import { emptyAnswer, jsonAnswer, type MockRoute } from '../exchange/MockRoute.ts';
import type { DatasetParts } from '../store/datasetJsonChunks.ts';
import { datasetJsonChunks } from '../store/datasetJsonChunks.ts';
import { advanceClock, clockView, importState, setClock } from './controlActions.ts';

/** A state import may be a whole large dataset, as express.json({ limit: '512mb' }) took it. */
const STATE_BODY_LIMIT = 512 * 1024 * 1024;

/** The session's data and clock: reset, export and import (docs/mock-controls.md), read, set and advance the clock. */
export function stateControlRoutes(): MockRoute[] {
  return [
    {
      method: 'POST',
      path: '/__mock/reset',
      handle: (context) => {
        context.session().store.reset();
        return emptyAnswer();
      },
    },
    {
      method: 'GET',
      path: '/__mock/state',
      // Streamed record by record (the mount waits for the socket to drain): a million groups fit in no string.
      handle: (context) => ({
        status: 200,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: streamed(context.session().store.snapshotParts()),
      }),
    },
    {
      method: 'PUT',
      path: '/__mock/state',
      handle: async (context) => {
        const body = await context.json({ limit: STATE_BODY_LIMIT });
        importState(context.session(), body);
        return emptyAnswer();
      },
    },
    {
      method: 'GET',
      path: '/__mock/clock',
      handle: (context) => jsonAnswer(200, clockView(context.session().clock)),
    },
    {
      method: 'PUT',
      path: '/__mock/clock',
      handle: async (context) => {
        const body = await context.json();
        return jsonAnswer(200, setClock(context.session().clock, body ?? {}));
      },
    },
    {
      method: 'POST',
      path: '/__mock/clock/advance',
      handle: async (context) => {
        const body = await context.json();
        return jsonAnswer(200, advanceClock(context.session().clock, body ?? {}));
      },
    },
  ];
}

/** The state's JSON, a chunk at a time, as the snapshot taken when asked is read. */
async function* streamed(parts: DatasetParts): AsyncGenerator<string> {
  yield* datasetJsonChunks(parts);
}
