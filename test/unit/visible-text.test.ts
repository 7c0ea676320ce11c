/**
 * Text that cannot lie: invisible formatting characters in agent text are shown as markers,
 * never applied — the shared function, the renderer's bridge-event choke point and the form description.
 */
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../shared/bridge';
import type { QueueItemView } from '../../shared/views/requests';
import type { SessionView } from '../../shared/views/sessions';
import type { TranscriptEntry } from '../../shared/views/transcript';
import { describeForm } from '../../shared/form-schema/describe';
import { hasInvisible, revealInvisible, withoutInvisible } from '../../shared/visible-text';
import { joinRevealed, revealEvent } from '../../renderer/src/state/model/visible-events';
import { appendToEntries } from '../../renderer/src/state/model/store';

const RLO = '\u202E';
const EVIL = `evil${RLO}exe.txt`;
const SHOWN = 'evil⟨U+202E⟩exe.txt';

describe('revealInvisible', () => {
  it('keeps line breaks and tabs, and with oneLine marks them and the Unicode line separators too', () => {
    // A file name quoted in a sentence must read as one name (spec E-PRIV-1).
    expect(revealInvisible('a\tb\nc')).toBe('a\tb\nc');
    expect(revealInvisible('notes\n\rx\u2028y\u2029\tz', { oneLine: true })).toBe('notes⟨U+000A⟩⟨U+000D⟩x⟨U+2028⟩y⟨U+2029⟩⟨U+0009⟩z');
    expect(revealInvisible('a\u202Eb', { oneLine: true })).toBe('a⟨U+202E⟩b');
  });

  it('shows a right-to-left override as its code point instead of reversing the text after it', () => {
    expect(revealInvisible(EVIL)).toBe(SHOWN);
  });

  it('shows every bidi embedding, override, isolate and mark, and zero-width characters', () => {
    const chars = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c, 0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0x3164];
    for (const codePoint of chars) {
      const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
      expect(revealInvisible(`a${String.fromCodePoint(codePoint)}b`)).toBe(`a⟨U+${hex}⟩b`);
    }
  });

  it('shows Unicode tag characters, which can smuggle a whole hidden sentence', () => {
    const hidden = [...'run rm'].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join('');
    expect(revealInvisible(`ok${hidden}`)).toBe('ok⟨U+E0072⟩⟨U+E0075⟩⟨U+E006E⟩⟨U+E0020⟩⟨U+E0072⟩⟨U+E006D⟩');
  });

  it('keeps joiners inside emoji sequences and non-Latin words, shows them between ASCII letters', () => {
    const technologist = '👩\u200D💻';
    expect(revealInvisible(technologist)).toBe(technologist);
    const persian = 'می\u200Cخواهم';
    expect(revealInvisible(persian)).toBe(persian);
    expect(revealInvisible('pay\u200Dpal')).toBe('pay⟨U+200D⟩pal');
    expect(revealInvisible('\u200Dstart')).toBe('⟨U+200D⟩start');
  });

  it('shows variation selectors after ASCII or in a run, keeps the one that picks an emoji or ideograph variant', () => {
    // "pay\uFE0Fpal" drew as "paypal", and a run of U+E0100… after an emoji can hide bytes.
    expect(revealInvisible('pay\uFE0Fpal')).toBe('pay⟨U+FE0F⟩pal');
    expect(revealInvisible('pay\u{E0101}pal')).toBe('pay⟨U+E0101⟩pal');
    expect(revealInvisible('😀\u{E0100}\u{E0101}')).toBe('😀\u{E0100}⟨U+E0101⟩');
    for (const kept of ['❤\uFE0F', '1\uFE0F\u20E3', '葛\u{E0100}', '👩\u200D❤\uFE0F\u200D👨']) expect(revealInvisible(kept)).toBe(kept);
  });

  it('shows control characters a browser would draw as nothing, but keeps tab, line feed and carriage return', () => {
    // C0 controls were not revealed ("pass\u0008word" drew as "password" in a card).
    expect(revealInvisible('pass\u0008word')).toBe('pass⟨U+0008⟩word');
    expect(revealInvisible('a\u0000b\u0007c\u001Bd\u007Fe\u0085f')).toBe('a⟨U+0000⟩b⟨U+0007⟩c⟨U+001B⟩d⟨U+007F⟩e⟨U+0085⟩f');
    expect(revealInvisible('line\r\n\tnext')).toBe('line\r\n\tnext');
    expect(withoutInvisible('pass\u0000word')).toBe('password');
  });

  it('keeps controls where a display terminal needs them (ESC for colours), revealing only formatting characters', () => {
    expect(revealInvisible('\u001B[31mred\u001B[0m\u0007', { keepControls: true })).toBe('\u001B[31mred\u001B[0m\u0007');
    expect(revealInvisible(`\u001B[1m${EVIL}`, { keepControls: true })).toBe(`\u001B[1m${SHOWN}`);
  });

  it('returns ordinary text unchanged, including line breaks, tabs, accents and emoji', () => {
    const text = 'Hello, wörld!\n\tnaïve café 日本語 👍🏽';
    expect(revealInvisible(text)).toBe(text);
    expect(hasInvisible(text)).toBe(false);
    expect(hasInvisible(EVIL)).toBe(true);
    expect(withoutInvisible(`pass\u200Bword`)).toBe('password');
  });
});

describe('bridge events as the renderer keeps them', () => {
  it('reveal agent text in transcripts: messages, streamed chunks, tool calls, diffs and plans', () => {
    const session: SessionView = {
      sessionKey: 'k',
      agentId: 'a',
      sessionId: 's',
      cwd: '/tmp',
      title: `Session ${EVIL}`,
      promptInFlight: false,
      suggestions: [{ name: 'spoof', description: EVIL }],
      foreground: { state: 'idle', derived: false },
      transcript: [{ entryId: 'e1', role: 'agent', text: EVIL }],
    };
    const [snapshot] = [revealEvent({ type: 'snapshot', snapshot: { agents: [], sessions: [session], queue: [], defaultCwd: '/', urlMode: 'app-window' } })];
    expect(snapshot.type === 'snapshot' && snapshot.snapshot.sessions[0]).toMatchObject({ title: `Session ${SHOWN}`, suggestions: [{ description: SHOWN }], transcript: [{ text: SHOWN }] });

    const update = revealEvent({
      type: 'transcript',
      sessionKey: 'k',
      upserts: [
        {
          entryId: 't',
          role: 'agent',
          kind: 'tool_call',
          text: EVIL,
          toolCall: { toolCallId: 'c', title: `Read ${EVIL}`, status: 'pending', content: [{ type: 'text', text: EVIL }, { type: 'diff', path: EVIL, newText: `x${RLO}` }], locations: [{ path: EVIL }] },
        },
        { entryId: 'p', role: 'agent', kind: 'plan', text: '', plan: [{ content: `Open ${EVIL}` }] },
      ],
      appends: [{ entryId: 'e1', text: `more ${RLO}` }],
    });
    expect(JSON.stringify(update)).not.toContain(RLO);
    expect(update).toMatchObject({
      upserts: [
        { toolCall: { title: `Read ${SHOWN}`, content: [{ text: SHOWN }, { path: SHOWN, newText: 'x⟨U+202E⟩' }], locations: [{ path: SHOWN }] } },
        { plan: [{ content: `Open ${SHOWN}` }] },
      ],
      appends: [{ text: 'more ⟨U+202E⟩' }],
    });
  });

  it('reveal controls in card and transcript text, and keep them in a display terminal\'s output', () => {
    const BELL = 'ding\u0007';
    const item: QueueItemView = { itemId: 'i', agentId: 'a', agentName: 'Mine', scope: { kind: 'request' }, message: BELL, state: 'pending', arrivedAt: 1, mode: 'form', form: { fields: [] } };
    expect(revealEvent({ type: 'item', item })).toMatchObject({ item: { message: 'ding⟨U+0007⟩' } });
    const colours = '\u001B[32mok\u001B[0m';
    const update = revealEvent({
      type: 'transcript',
      sessionKey: 'k',
      upserts: [
        { entryId: 'm', role: 'agent', text: BELL },
        { entryId: 't', role: 'agent', kind: 'terminal', text: '', terminal: { terminalId: 't1', output: colours, command: 'make\u0008', droppedBytes: 0 } },
      ],
    });
    expect(update).toMatchObject({ upserts: [{ text: 'ding⟨U+0007⟩' }, { terminal: { output: colours, command: 'make⟨U+0008⟩' } }] });
  });

  it('reveal queue items, agent-reported names, statuses and notices, but keep ids, URLs and drafts raw', () => {
    const info = { name: `agent${RLO}`, title: EVIL, version: '1' };
    const permission: QueueItemView = {
      itemId: 'i1', agentId: 'a', agentName: 'Mine', agentInfo: info, scope: { kind: 'session', sessionKey: 'k', sessionId: 's', toolCallTitle: EVIL },
      message: EVIL, state: 'pending', arrivedAt: 1, mode: 'permission', title: EVIL, description: EVIL, command: `rm ${RLO}`, options: [{ optionId: 'o', name: EVIL, kind: 'allow_once' }],
    };
    const url: QueueItemView = { itemId: 'i2', agentId: 'a', agentName: 'Mine', scope: { kind: 'request', label: EVIL }, message: EVIL, state: 'pending', arrivedAt: 1, mode: 'url', url: `https://example.com/${RLO}` };
    const form: QueueItemView = { itemId: 'i3', agentId: 'a', agentName: 'Mine', scope: { kind: 'request' }, message: EVIL, state: 'pending', arrivedAt: 1, mode: 'form', form: { fields: [] }, draft: { name: EVIL } };
    const events: BridgeEvent[] = [permission, url, form].map((item) => revealEvent({ type: 'item', item }));
    expect(events[0]).toMatchObject({ item: { message: SHOWN, title: SHOWN, description: SHOWN, command: 'rm ⟨U+202E⟩', agentInfo: { name: 'agent⟨U+202E⟩', title: SHOWN }, scope: { toolCallTitle: SHOWN }, options: [{ name: SHOWN, optionId: 'o' }] } });
    expect(events[1]).toMatchObject({ item: { message: SHOWN, url: `https://example.com/${RLO}`, scope: { label: SHOWN } } });
    expect(events[2]).toMatchObject({ item: { message: SHOWN, draft: { name: EVIL } } });

    const agent = revealEvent({
      type: 'agent',
      agent: {
        agentId: 'a', name: `Mine${RLO}`, settings: { args: [], env: {} }, enabled: true, muted: false, advertisedModes: ['form'],
        status: { kind: 'failed', message: EVIL }, agentInfo: info, authMethods: [{ methodId: 'm', name: EVIL, description: EVIL }],
      },
    });
    // The configured name is the user's own (and edited as typed); what the agent reported is revealed.
    expect(agent).toMatchObject({ agent: { name: `Mine${RLO}`, status: { message: SHOWN }, agentInfo: { name: 'agent⟨U+202E⟩' }, authMethods: [{ name: SHOWN, description: SHOWN, methodId: 'm' }] } });
    expect(revealEvent({ type: 'notice', level: 'error', text: EVIL })).toMatchObject({ text: SHOWN });
  });
});

describe('streamed text joined in the store', () => {
  it('reveals a tag character whose two UTF-16 halves arrive in separate chunks', () => {
    // Each half alone matched nothing, so the joined text hid "A" (U+E0041) with no marker.
    const tag = '\u{E0041}';
    const entry = { entryId: 'e1', role: 'agent', text: 'hi' } as TranscriptEntry;
    const chunks = ['x' + tag[0], tag[1] + 'y'];
    let transcript = [entry];
    for (const text of chunks) {
      const event = revealEvent({ type: 'transcript', sessionKey: 's', upserts: [], appends: [{ entryId: 'e1', text }] } as BridgeEvent);
      transcript = appendToEntries(transcript, event.type === 'transcript' ? (event.appends ?? []) : []);
    }
    expect(transcript[0].text).toBe(`hix${revealInvisible(tag)}y`);
    expect(hasInvisible(transcript[0].text)).toBe(false);
  });

  it('joins an emoji split the same way back into the emoji', () => {
    expect(joinRevealed('a\uD83D', '\uDE00b')).toBe('a\u{1F600}b');
  });
});

describe('form text', () => {
  it('shows invisible characters in titles, labels, descriptions and option titles, but sends values as they were', () => {
    const form = describeForm({
      type: 'object',
      title: EVIL,
      description: EVIL,
      properties: {
        [`file${RLO}`]: { type: 'string', title: EVIL, description: EVIL, default: EVIL },
        pick: { type: 'string', oneOf: [{ const: EVIL, title: EVIL }] },
        plain: { type: 'string', enum: [EVIL] },
      },
    });
    expect(form.title).toBe(SHOWN);
    expect(form.description).toBe(SHOWN);
    expect(form.fields[0]).toMatchObject({ name: `file${RLO}`, label: SHOWN, description: SHOWN, defaultValue: EVIL });
    expect(form.fields[1].options).toEqual([{ value: EVIL, title: SHOWN }]);
    expect(form.fields[2].options).toEqual([{ value: EVIL, title: SHOWN }]);
  });

  it('still flags a secret field whose name hides "password" behind a zero-width space (spec E-FORM-12)', () => {
    const form = describeForm({ type: 'object', properties: { ['pass\u200Bword']: { type: 'string' } } });
    expect(form.fields[0]).toMatchObject({ label: 'pass⟨U+200B⟩word', looksSecret: true });
  });
});
