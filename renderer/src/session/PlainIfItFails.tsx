import { Component, type ReactNode } from 'react';

/** A block of agent text drawn as it is, unformatted. */
export function PlainBlock({ text }: { text: string }) {
  return <div className="plain-text">{text}</div>;
}

/**
 * A block whose markdown rendering throws (e.g. the parser out of stack on input past what markdown-cost.ts
 * catches) is drawn as plain text instead: without this, one agent's message unmounted the whole window for every
 * agent (hostile review, session 21). Keyed by the block, so a new text gets a fresh try.
 */
export class PlainIfItFails extends Component<{ text: string; children: ReactNode }, { failedText: string | null }> {
  override state = { failedText: null as string | null };
  static getDerivedStateFromError(): { failedText: string | null } {
    return { failedText: '' };
  }
  override componentDidCatch(): void {
    this.setState({ failedText: this.props.text });
  }
  override render(): ReactNode {
    const { failedText } = this.state;
    if (failedText === '' || failedText === this.props.text) return <PlainBlock text={this.props.text} />;
    return this.props.children;
  }
}

