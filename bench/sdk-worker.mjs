// The bench's "bare SDK in a worker" anchor (bench/agents.ts `startSdkInWorker`): the same bare SDK client as the
// in-process anchor (`client().onNotification(…).onRequest(…).connect()`, nothing else), run in a worker thread
// with the agent's bytes relayed by the main thread, as Switchboard's per-agent connection worker is
// (electron/core/acp/worker/). Each request crosses to main and its answer crosses back. So the difference
// between this anchor and the in-process one is what the isolation itself costs: two thread crossings each way
// and a relay of the bytes, with none of Switchboard's own code. Plain JavaScript, so it runs without tsx.
//
// Messages, main → worker: {t:'bytes', chunk} | {t:'end'} | {t:'request', id, method, params} | {t:'answer', id, value}.
// Worker → main: {t:'write', chunk} | {t:'update', update} | {t:'ask', id, params} | {t:'reply', id, ok, value}.
import { parentPort, workerData } from 'node:worker_threads';
import { client as clientV1, methods as methodsV1, ndJsonStream } from '@agentclientprotocol/sdk';
import { client as clientV2, methods as methodsV2 } from '@agentclientprotocol/sdk/experimental/v2';

const port = parentPort;
const version = workerData.version;

let feed;
const stdout = new ReadableStream({ start: (controller) => (feed = controller) });
const stdin = new WritableStream({
  write(chunk) {
    const copy = new Uint8Array(chunk);
    port.postMessage({ t: 'write', chunk: copy }, [copy.buffer]);
  },
});

let nextAsk = 1;
const asks = new Map();
const ask = (params) =>
  new Promise((resolve) => {
    const id = nextAsk++;
    asks.set(id, resolve);
    port.postMessage({ t: 'ask', id, params });
  });
const onUpdate = (cx) => port.postMessage({ t: 'update', update: cx.params.update });

const stream = ndJsonStream(stdin, stdout);
const connection =
  version === 2
    ? clientV2({ name: 'bench-sdk-worker' })
        .onNotification(methodsV2.client.session.update, onUpdate)
        .onRequest(methodsV2.client.elicitation.create, (cx) => ask(cx.params))
        .connect(stream)
    : clientV1({ name: 'bench-sdk-worker' })
        .onNotification(methodsV1.client.session.update, onUpdate)
        .onRequest(methodsV1.client.elicitation.create, (cx) => ask(cx.params))
        .connect(stream);

port.on('message', (message) => {
  switch (message.t) {
    case 'bytes':
      feed.enqueue(message.chunk);
      return;
    case 'end':
      feed.close();
      return;
    case 'answer':
      asks.get(message.id)?.(message.value);
      asks.delete(message.id);
      return;
    case 'request':
      connection.agent.request(message.method, message.params).then(
        (value) => port.postMessage({ t: 'reply', id: message.id, ok: true, value }),
        (error) => port.postMessage({ t: 'reply', id: message.id, ok: false, value: String(error?.message ?? error) }),
      );
      return;
  }
});
