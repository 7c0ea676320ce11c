import type { RequestRecordView } from '../../../../../shared/views/requests';
import { wholeMessageSize } from '../../../elicitation/model/message-fold';

/**
 * Which of a request record's fields to list, and the sentence to show instead of them.
 *
 * A live session's record (`live`) lists the fields once there is something to show in them: what was sent.
 * History lists them for a form that was sent, each without its value (none is stored, spec E-PRIV-1). For a
 * form that was not sent (cancelled, declined, open when Switchboard closed), a list of fields each "value not
 * kept" read as if something had gone, so it lists none and `notSent` names what was asked.
 */
export function recordFields(
  request: RequestRecordView,
  live: boolean,
): { fields: NonNullable<RequestRecordView['fields']>; notSent?: string } {
  if (live) return { fields: request.sent ? (request.fields ?? []) : [] };
  if (request.mode !== 'form' || request.outcome === 'accepted') return { fields: request.fields ?? [] };
  const asked = (request.fields ?? []).map((field) => field.title);
  return { fields: [], notSent: asked.length > 0 ? `Asked for ${asked.join(', ')}; nothing was sent.` : 'Nothing was sent.' };
}

/**
 * What the record's "Show all" names: the whole message's size when the record keeps only its start (a live
 * transcript's, RequestRecordView.wholeMessage), as the request's card names it; else undefined (the text's own).
 */
export function recordMessageSize(request: RequestRecordView): string | undefined {
  return request.wholeMessage ? wholeMessageSize(request.wholeMessage.lines, request.wholeMessage.bytes) : undefined;
}
