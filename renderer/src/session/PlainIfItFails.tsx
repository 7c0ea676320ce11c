import { Component, type ReactNode } from 'react';

/** A block of agent text drawn as it is, unformatted. */
export function PlainBlock({ text }: { text: string }) {
  return <div className="plain-text">{text}</div>;
}

/**
 * A block whose markdown rendering throws (e.g. the parser out of stack on input past what markdown-cost.ts
 * catches) is drawn as plain text instead: without this, one agent's message unmounted the whole window for every
 * agent. Keyed by the block, so a new text gets a fresh try.
 */
export class PlainIfItFails extends Component<{ text: string; children: ReactNode }, { text: string; failed: boolean }> {
  override state = { text: this.props.text, failed: false };
  static getDerivedStateFromProps(props: { text: string }, state: { text: string; failed: boolean }) {
    return props.text === state.text ? null : { text: props.text, failed: false };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? <PlainBlock text={this.props.text} /> : this.props.children;
  }
}
