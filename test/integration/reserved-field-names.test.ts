/**
 * Field names JavaScript reserves (`__proto__`, `constructor`, `prototype`) in a requestedSchema, on the wire over
 * both protocol versions. The v2 SDK drops a `__proto__` property before any handler and zod
 * and react-hook-form drop or refuse all three, so such a form could never be sent: it is refused at once with
 * a -32602 that names them (spec E-FORM-10: a schema the client cannot use is answered with -32602), nothing waits
 * for the user (at most a refused card saying why), and the connection keeps working.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { NAME_SCHEMA, handshake, openSession, queueItem, startRig, type Rig } from './hub-fixture';
import { V1_INIT_RESULT } from './puppet';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

/** A raw line, since a JavaScript object literal cannot hold an own `__proto__` key for JSON.stringify. */
function rawRequest(id: number, properties: string, required: string[] = []): string {
  return `{"jsonrpc":"2.0","id":${id},"method":"elicitation/create","params":{"mode":"form","sessionId":"sess-1","message":"Fill in","requestedSchema":{"type":"object","properties":{${properties}},"required":${JSON.stringify(required)}}}}`;
}

for (const [version, init] of [['v1', V1_INIT_RESULT], ['v2', undefined]] as const) {
  describe(`reserved field names on ${version}`, () => {
    it('refuses a "__proto__" property with -32602 naming it, even when it is not required; nothing waits for the user', async () => {
      rig = await startRig([{ id: 'a' }]);
      const { hub, puppets } = rig;
      await handshake(hub, puppets[0], 'a', init);
      await openSession(hub, puppets[0], 'a');
      await puppets[0].sendRaw(rawRequest(1, '"__proto__":{"type":"string","title":"Hidden"},"name":{"type":"string"}'));
      const reply = await puppets[0].responseTo(1);
      expect(reply.error).toMatchObject({ code: -32602, message: expect.stringContaining('"__proto__"') });
      expect(hub.snapshot().queue.filter((i) => i.state !== 'refused')).toEqual([]);
      // The user is told the same on both versions, although the v2 SDK had dropped the property.
      expect(hub.snapshot().queue).toEqual([expect.objectContaining({ state: 'refused', refusedReason: expect.stringContaining('"__proto__"') })]);

      // The connection keeps working: the next, ordinary form is shown and answered.
      await puppets[0].send({ id: 2, method: 'elicitation/create', params: { mode: 'form', sessionId: 'sess-1', message: 'Name?', requestedSchema: NAME_SCHEMA } });
      const item = await queueItem(hub, (i) => i.state === 'pending');
      await hub.invoke('answerElicitation', { itemId: item.itemId, agentId: 'a', action: 'accept', values: { name: 'Ada' } });
      expect((await puppets[0].responseTo(2)).result).toEqual({ action: 'accept', content: { name: 'Ada' } });
    });

    it('refuses "constructor" and "prototype" fields, naming both, instead of a form that could never be sent', async () => {
      rig = await startRig([{ id: 'a' }]);
      const { hub, puppets } = rig;
      await handshake(hub, puppets[0], 'a', init);
      await openSession(hub, puppets[0], 'a');
      await puppets[0].sendRaw(rawRequest(3, '"constructor":{"type":"string"},"prototype":{"type":"boolean"}', ['constructor']));
      const reply = await puppets[0].responseTo(3);
      expect(reply.error?.code).toBe(-32602);
      expect(reply.error?.message).toContain('"constructor"');
      expect(reply.error?.message).toContain('"prototype"');
      expect(hub.snapshot().queue.filter((i) => i.state !== 'refused')).toEqual([]);
    });
  });
}
