/**
 * The record of a request the agent asked (a form, a URL, a permission) as a transcript shows it: its message, its
 * fields' titles (secret-looking ones marked) and how it ended, never a value (spec E-PRIV-1). The history stores
 * it as it is (history/history-recorder.ts); the live transcript adds what was sent (live-record.ts).
 */
import type { QueueItemView, RequestRecordView } from '../../../shared/views/requests';

/** Fields kept per stored request (a form may have at most this many worth showing later). */
const MAX_FIELDS = 100;

/** A request record entry's text: the message, after the permission's title for a permission. */
export function recordText(item: QueueItemView): string {
  return item.mode === 'permission' ? `${item.title}: ${item.message}` : item.message;
}

/**
 * The stored form of a request: its message, the titles of its fields (those that look secret marked so)
 * and how it ended, never a value (spec E-PRIV-1); for URL mode the host only.
 */
export function requestRecord(item: QueueItemView, outcome: RequestRecordView['outcome'], option?: string): RequestRecordView {
  const base = { mode: item.mode, message: item.message, outcome, ...(option ? { option } : {}) };
  if (item.mode === 'url') {
    let host: string | undefined;
    try {
      host = new URL(item.url).hostname;
    } catch {
      host = undefined;
    }
    return { ...base, ...(host ? { host } : {}) };
  }
  if (item.mode === 'permission') return base;
  const fields = item.form.fields
    .slice(0, MAX_FIELDS)
    .map((field) => ({ name: field.name, title: field.label, ...(field.looksSecret ? { secret: true } : {}) }));
  return { ...base, fields };
}

