import type { StatusText } from '../model/transcript-text';
import './StatusPill.css';

/** A tool call's or plan step's status in words, as a pill coloured by its tone ({@link StatusText}). */
export function StatusPill({ status }: { status: StatusText }) {
  return <span className={`status-pill tone-${status.tone}`}>{status.text}</span>;
}
