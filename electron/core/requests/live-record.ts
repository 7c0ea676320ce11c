/**
 * The live transcript's record of a session request: the question where it was asked, how it
 * stands, and once a form is sent, what was sent in words, with secret-looking fields masked (spec E-FORM-12).
 * The history keeps the same record without any value (spec E-PRIV-1; request-record.ts builds what both keep,
 * history/history-recorder.ts names the entry id); this one lives in memory only, for as long as the live session.
 */
import type { FormCheck } from '../../../shared/form-schema/types';
import { formatContentValue } from '../../../shared/form-schema/content-words';
import type { QueueItemView, RequestRecordView } from '../../../shared/views/requests';
import type { TranscriptEntry } from '../../../shared/views/transcript';
import { recordText, requestRecord } from '../elicitation/request-record';
import { cutText, cutTextCounted } from '../../../shared/cut-text';

/**
 * Characters of a request's message the record keeps: the card has it all; a 500 KB message is not held twice. A
 * longer one ends "… (N more characters not shown)", and the record carries the whole one's size (`wholeMessage`).
 */
export const MAX_RECORD_MESSAGE_CHARS = 4000;
/** Characters of one sent value the record keeps (a long text answer is cut with "…"). */
export const MAX_RECORD_ANSWER_CHARS = 500;

/**
 * The transcript entry for `item` with `outcome`. `sent` is a form accept's content as sent: each field that
 * did not look secret gets its value in words; a secret-looking one is marked secret and keeps no value.
 * `option` is a permission's chosen option's name.
 */
export function liveRequestEntry(
  item: QueueItemView,
  outcome: RequestRecordView['outcome'],
  answer: { sent?: FormCheck['content']; option?: string } = {},
): Omit<TranscriptEntry, 'entryId'> {
  const base = requestRecord(item, outcome, answer.option);
  const request: RequestRecordView = {
    ...base,
    message: cutTextCounted(base.message, MAX_RECORD_MESSAGE_CHARS),
    ...(base.message.length > MAX_RECORD_MESSAGE_CHARS ? { wholeMessage: textSize(base.message) } : {}),
    ...(outcome === 'open' && item.state === 'pending' ? { waiting: true } : {}),
  };
  const { sent } = answer;
  if (sent && item.mode === 'form' && request.fields) {
    const specs = new Map(item.form.fields.map((field) => [field.name, field]));
    request.sent = true;
    request.fields = request.fields.map((field) => {
      const spec = specs.get(field.name);
      if (field.secret || !spec || !Object.hasOwn(sent, field.name)) return field;
      return { ...field, answer: cutText(formatContentValue(spec, sent[field.name]), MAX_RECORD_ANSWER_CHARS) };
    });
  }
  return { role: 'system', kind: 'request', text: cutText(recordText(item), MAX_RECORD_MESSAGE_CHARS), request };
}

/** Lines (`\n`-separated, as the card counts them) and UTF-8 bytes of `text` (a lone surrogate as 3, as TextEncoder). */
function textSize(text: string): { lines: number; bytes: number } {
  let lines = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lines++;
  return { lines, bytes: Buffer.byteLength(text, 'utf8') };
}
