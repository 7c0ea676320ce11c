/**
 * Ready-made agent settings the agent editor offers ("Use preset: …"). The packages are pinned to the versions
 * checked in docs/agents.md; update both together. API key variables are left empty for the user to fill in.
 */
import type { AgentSettingsView } from '../../../../shared/views/agents';

export interface AgentPreset {
  /** The button's visible text and the agent's suggested name. */
  name: string;
  settings: AgentSettingsView;
  /** One plain sentence shown in the editor after the preset was applied: what the agent still needs. */
  note: string;
}

export const AGENT_PRESETS: readonly AgentPreset[] = [
  {
    name: 'Claude',
    settings: { command: 'npx', args: ['-y', '@agentclientprotocol/claude-agent-acp@0.101.0'], env: { ANTHROPIC_API_KEY: '' } },
    note: 'Put your Anthropic API key after ANTHROPIC_API_KEY=. The package wants Node.js 22 or newer; the first start downloads it.',
  },
  {
    name: 'Codex',
    settings: { command: 'npx', args: ['-y', '@agentclientprotocol/codex-acp@2.6.0'], env: { OPENAI_API_KEY: '' } },
    note: 'Put your OpenAI API key after OPENAI_API_KEY=, then press Sign in with API Key once the agent is ready. The first start downloads the package.',
  },
  {
    name: 'Gemini CLI',
    settings: { command: 'npx', args: ['-y', '@google/gemini-cli@0.61.0', '--acp'], env: { GEMINI_API_KEY: '' } },
    note: 'Put your Gemini API key after GEMINI_API_KEY=. The first start downloads the package.',
  },
  {
    name: 'Demo agent',
    settings: { args: [], env: {}, builtin: 'demo' },
    note: 'The demo agent comes with Switchboard: it needs no command and no key.',
  },
];
