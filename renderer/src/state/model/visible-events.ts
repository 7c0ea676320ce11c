/**
 * The renderer's one choke point for agent-supplied text that arrives over the bridge: every
 * display string an agent wrote — messages, thoughts, tool-call titles and content, plan entries, session titles
 * and suggestions, permission cards, queue-item messages and scopes, the agent's reported name, sign-in methods,
 * status sentences and notices — has its invisible formatting and control characters replaced by visible markers
 * (`⟨U+202E⟩`, {@link revealInvisible}) before the store keeps it; a display terminal's output keeps its controls
 * (ESC carries its colours), which its own renderer handles. Every component therefore draws text that
 * cannot reorder or hide itself, without each one having to remember to.
 *
 * Left raw on purpose, because they are values rather than text to read: ids, the user's own configured agent
 * name and settings, form drafts, a URL item's `url` and main's `analysis` of it (the consent view draws the
 * address with its own per-character markers, url-display.ts, and opens exactly what was consented to), and a
 * form item's described `form` (its titles and labels were revealed where main described it, shared/form-schema/describe.ts
 * `describeForm`, while its option values go back to the agent unchanged).
 *
 * Pure; no DOM.
 */
import type { BridgeEvent } from '../../../../shared/bridge';
import type { AgentInfoView, AgentStatus, AgentView } from '../../../../shared/views/agents';
import type { ItemScope, QueueItemView, RequestRecordView } from '../../../../shared/views/requests';
import type { SessionView } from '../../../../shared/views/sessions';
import type { ToolCallView, ToolContentView, TranscriptEntry } from '../../../../shared/views/transcript';
import { revealInvisible as reveal } from '../../../../shared/visible-text';

const maybe = (text: string | undefined): string | undefined => (text === undefined ? undefined : reveal(text));

/** One bridge event with its agent-supplied display text revealed; other events are returned as they are. */
export function revealEvent(event: BridgeEvent): BridgeEvent {
  switch (event.type) {
    case 'snapshot':
      return {
        ...event,
        snapshot: {
          ...event.snapshot,
          agents: event.snapshot.agents.map(revealAgent),
          sessions: event.snapshot.sessions.map(revealSession),
          queue: event.snapshot.queue.map(revealItem),
        },
      };
    case 'agent':
      return { ...event, agent: revealAgent(event.agent) };
    case 'session': {
      const { transcript, ...fields } = event.session;
      return { ...event, session: { ...revealSessionFields(fields), ...(transcript ? { transcript: transcript.map(revealEntry) } : {}) } };
    }
    case 'transcript':
      return {
        ...event,
        upserts: event.upserts.map(revealEntry),
        ...(event.appends ? { appends: event.appends.map((append) => ({ ...append, text: reveal(append.text) })) } : {}),
      };
    case 'item':
      return { ...event, item: revealItem(event.item) };
    case 'notice':
      return { ...event, text: reveal(event.text) };
    default:
      return event;
  }
}

/**
 * `previous + chunk` for streamed text whose parts were revealed one by one. An agent can split a character
 * outside the Basic Multilingual Plane into its two UTF-16 halves across chunks; each half alone is no
 * character, so neither was revealed, and joined they would make an invisible one (a Unicode tag character
 * used to smuggle text). The halves that meet at the seam are revealed together.
 */
export function joinRevealed(previous: string, chunk: string): string {
  const last = previous.charCodeAt(previous.length - 1);
  const first = chunk.charCodeAt(0);
  if (last >= 0xd800 && last <= 0xdbff && first >= 0xdc00 && first <= 0xdfff) {
    return previous.slice(0, -1) + reveal(previous.slice(-1) + chunk.slice(0, 1)) + chunk.slice(1);
  }
  return previous + chunk;
}

function revealInfo(info: AgentInfoView | undefined): AgentInfoView | undefined {
  if (!info) return info;
  return { ...info, name: reveal(info.name), ...(info.title !== undefined ? { title: reveal(info.title) } : {}), ...(info.version !== undefined ? { version: reveal(info.version) } : {}) };
}

function revealStatus(status: AgentStatus): AgentStatus {
  return 'message' in status ? { ...status, message: reveal(status.message) } : status;
}

function revealAgent(agent: AgentView): AgentView {
  return {
    ...agent,
    status: revealStatus(agent.status),
    agentInfo: revealInfo(agent.agentInfo),
    authMethods: agent.authMethods.map((method) => ({
      ...method,
      name: reveal(method.name),
      ...(method.description !== undefined ? { description: reveal(method.description) } : {}),
    })),
  };
}

function revealSessionFields<T extends Omit<SessionView, 'transcript'>>(session: T): T {
  return {
    ...session,
    sessionId: reveal(session.sessionId),
    ...(session.title !== undefined ? { title: reveal(session.title) } : {}),
    suggestions: session.suggestions.map((suggestion) => ({
      name: reveal(suggestion.name),
      description: reveal(suggestion.description),
      ...(suggestion.hint !== undefined ? { hint: reveal(suggestion.hint) } : {}),
    })),
    // The session bar's modes and config options are the agent's words too.
    ...(session.modes
      ? { modes: { ...session.modes, available: session.modes.available.map((m) => ({ ...m, name: reveal(m.name), description: maybe(m.description) })) } }
      : {}),
    ...(session.configOptions ? { configOptions: session.configOptions.map(revealOption) } : {}),
  };
}

function revealOption(option: NonNullable<SessionView['configOptions']>[number]): NonNullable<SessionView['configOptions']>[number] {
  const base = { ...option, name: reveal(option.name), description: maybe(option.description), category: maybe(option.category) };
  if (option.type === 'boolean') return { ...base, type: 'boolean', currentValue: option.currentValue };
  return {
    ...base,
    type: 'select',
    currentValue: option.currentValue,
    options: option.options.map((v) => ({ ...v, name: reveal(v.name), description: maybe(v.description), group: maybe(v.group) })),
  };
}

function revealSession(session: SessionView): SessionView {
  return { ...revealSessionFields(session), transcript: session.transcript.map(revealEntry) };
}

/** A transcript entry with its text, tool call and plan revealed. */
export function revealEntry(entry: TranscriptEntry): TranscriptEntry {
  return {
    ...entry,
    text: reveal(entry.text),
    ...(entry.toolCall ? { toolCall: revealToolCall(entry.toolCall) } : {}),
    ...(entry.terminal
      ? { terminal: { ...entry.terminal, command: maybe(entry.terminal.command), cwd: maybe(entry.terminal.cwd), output: reveal(entry.terminal.output, { keepControls: true }) } }
      : {}),
    ...(entry.plan ? { plan: entry.plan.map((step) => ({ ...step, content: reveal(step.content), priority: maybe(step.priority), status: maybe(step.status) })) } : {}),
    ...(entry.request ? { request: revealRequest(entry.request) } : {}),
  };
}

/** A request record (live or from history): its question, choice, field titles and the answers shown in words. */
function revealRequest(request: RequestRecordView): RequestRecordView {
  return {
    ...request,
    message: reveal(request.message),
    ...(request.option !== undefined ? { option: reveal(request.option) } : {}),
    ...(request.fields
      ? { fields: request.fields.map((field) => ({ ...field, title: reveal(field.title), ...(field.answer !== undefined ? { answer: reveal(field.answer) } : {}) })) }
      : {}),
  };
}

function revealToolCall(toolCall: ToolCallView): ToolCallView {
  return {
    ...toolCall,
    title: reveal(toolCall.title),
    toolKind: maybe(toolCall.toolKind),
    content: toolCall.content.map(revealContent),
    locations: toolCall.locations.map((location) => ({ ...location, path: reveal(location.path) })),
  };
}

function revealContent(content: ToolContentView): ToolContentView {
  switch (content.type) {
    case 'text':
      return { ...content, text: reveal(content.text) };
    case 'diff':
      // Code is where hidden bidi characters do the most harm ("Trojan Source"): diffs are revealed too.
      return { ...content, path: reveal(content.path), oldText: maybe(content.oldText), newText: maybe(content.newText), patch: maybe(content.patch) };
    case 'other':
      return { ...content, label: reveal(content.label) };
    default:
      return content;
  }
}

function revealScope(scope: ItemScope): ItemScope {
  if (scope.kind === 'request') return { ...scope, label: maybe(scope.label) };
  return { ...scope, sessionId: reveal(scope.sessionId), sessionTitle: maybe(scope.sessionTitle), toolCallTitle: maybe(scope.toolCallTitle) };
}

function revealItem(item: QueueItemView): QueueItemView {
  const common = { message: reveal(item.message), agentInfo: revealInfo(item.agentInfo), scope: revealScope(item.scope) };
  switch (item.mode) {
    case 'permission':
      return {
        ...item,
        ...common,
        title: reveal(item.title),
        description: maybe(item.description),
        command: maybe(item.command),
        options: item.options.map((option) => ({ ...option, name: reveal(option.name) })),
      };
    case 'url':
      return { ...item, ...common, refusedReason: maybe(item.refusedReason) };
    default:
      return { ...item, ...common };
  }
}
