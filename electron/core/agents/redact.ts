/**
 * Redaction of text before anyone sees it in a log line or the agent log view (spec E-PRIV-1: what the user
 * typed, and what authorises them, is never written to logs).
 *
 * Nets, in order:
 * - the values of the agents' configured environment (longer than 5 characters, so "1" or "true" are left
 *   alone) — an agent's env is where API keys live;
 * - token shapes recognisable on their own (Anthropic/OpenAI/Stripe keys, GitHub/GitLab/Slack/Google/AWS
 *   credentials, JWTs, Authorization headers, `key=value` pairs whose key says secret, private keys);
 * - for log lines only ({@link redactLogLine}): every URL is cut to its scheme and host, since paths and
 *   queries carry OAuth `state`, codes and tokens.
 */
import { ELLIPSIS, cutText } from '../../../shared/cut-text';

const REDACTED = '‹redacted›';

/** Each shape matches a whole credential; a first capture group, when present, is kept (the `key=` part). */
const TOKEN_SHAPES: RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, // PEM private keys
  /\b(?:sk|pk|rk)-(?:ant-)?[A-Za-z0-9_-]{16,}/g, // Anthropic (sk-ant-…), OpenAI (sk-…, sk-proj-…), Stripe keys
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub tokens
  /\bgithub_pat_[A-Za-z0-9_]{20,}/g, // GitHub fine-grained tokens
  /\bglpat-[A-Za-z0-9_-]{20,}/g, // GitLab personal tokens
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, // AWS access key ids (long-lived and session)
  /\bAIza[0-9A-Za-z_-]{30,}/g, // Google API keys
  /\bya29\.[0-9A-Za-z_-]{20,}/g, // Google OAuth access tokens
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, // JWTs (header.payload.signature)
  /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{12,}/gi, // Authorization headers
  // key=value / key: value / "key": "value" where the key names a secret (AWS_SECRET_ACCESS_KEY, client_secret…)
  /\b([A-Za-z0-9_-]*(?:api[_-]?key|token|secret|password|passwd|credential|auth|session[_-]?id|cookie)["']?\s*[:=]\s*["']?)[^\s"',;&]{6,}/gi,
];

/**
 * Returns `text` with the values in `secrets` and recognisable token shapes replaced by "‹redacted›".
 * Never throws; linear in the length of `text` times the number of secrets.
 */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  let result = text;
  // Longest first, so a secret that contains another is replaced whole.
  const values = [...secrets].filter((secret) => secret.length > 5).sort((a, b) => b.length - a.length);
  for (const secret of values) result = result.split(secret).join(REDACTED);
  for (const shape of TOKEN_SHAPES) {
    result = result.replace(shape, (match, prefix: unknown) => (typeof prefix === 'string' && /[:=]/.test(prefix) ? `${prefix}${REDACTED}` : REDACTED));
  }
  return result;
}

/** A URL in free text: a scheme, `//`, then anything up to whitespace or a quote/bracket. */
const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*):\/\/([^\s"'<>()[\]{}`]+)/gi;

/** `scheme://host/…` for one URL found in text; userinfo, path, query and fragment are dropped. */
function urlToHost(match: string, scheme: string, rest: string): string {
  const authority = rest.split(/[/?#\\]/, 1)[0];
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const cut = rest.length > authority.length || authority.includes('@');
  return `${scheme}://${host}${cut ? '/…' : ''}`;
}

/**
 * What a log line escapes: C0 controls and DEL, C1 controls (U+0080–U+009F) and every format character (\p{Cf}:
 * bidi embeddings, overrides and isolates U+202A–U+202E and U+2066–U+2069, zero-width marks and joiners, the BOM,
 * tag characters), and the line and paragraph separators U+2028 and U+2029, as the renderer reveals them (shared/visible-text.ts): a line cannot forge another, nor read
 * differently from what it holds ("evil\u202Eexe.txt").
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const UNSEEN_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\p{Cf}]/gu;

/** One such character as text: `\n`, `\r`, a space for a tab, `\xNN` below U+0100, else `\u{…}`. */
function escapeUnseen(char: string): string {
  if (char === '\n') return '\\n';
  if (char === '\r') return '\\r';
  if (char === '\t') return ' ';
  const code = char.codePointAt(0)!;
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** Longest log line kept, in characters; a line built from agent output cannot flood the log. */
export const MAX_LOG_LINE_CHARS = 2000;

/**
 * Makes one line safe for a log (spec E-PRIV-1): the values in `secrets` and token shapes redacted
 * ({@link redactSecrets}), every URL cut to its host, control, bidi and zero-width characters and line breaks
 * escaped (a line cannot forge another, nor read reordered), and at most {@link MAX_LOG_LINE_CHARS} characters. Never throws.
 */
export function redactLogLine(line: string, secrets: Iterable<string> = []): string {
  const text = redactSecrets(line.replace(URL_IN_TEXT, urlToHost), secrets)
    .replace(UNSEEN_IN_A_LINE, escapeUnseen);
  return cutText(text, MAX_LOG_LINE_CHARS);
}

/**
 * Shortest trailing start of a secret that {@link quoteForUser} withholds, in characters. A text cut short may
 * end in the first characters of a secret; 4 of them begin to narrow it down, while 1 to 3 say next to nothing
 * about a value of 6 or more and are what ordinary words end in anyway (a usage line ending "…options" must not
 * lose its "s" to a secret that starts with "s").
 */
export const MIN_WITHHELD_SECRET_START_CHARS = 4;

/**
 * Text an agent wrote, made safe to quote in a sentence the user reads (spec E-PRIV-1): redacted whole by
 * {@link redactLogLine} (secrets, token shapes, URL paths; control characters escaped, so it is one line), then
 * cut to `max` characters. Redacting first matters: cutting first can leave part of a secret that no longer
 * matches. A text that the agent's own bound cut short may end in the first characters of a secret, which no
 * net can match; a trailing piece of at least {@link MIN_WITHHELD_SECRET_START_CHARS} characters that begins one of
 * `secrets` is dropped. Never throws.
 */
export function quoteForUser(text: string, secrets: Iterable<string>, max: number): string {
  const values = [...secrets].filter((secret) => secret.length > 5);
  let safe = redactLogLine(text, values);
  const fragment = Math.max(0, ...values.map((secret) => startOfSecretAtEnd(safe, secret)));
  if (fragment >= MIN_WITHHELD_SECRET_START_CHARS) safe = `${safe.slice(0, safe.length - fragment)}${ELLIPSIS}`;
  return cutText(safe, max);
}

/** The length of the longest start of `secret` (shorter than it) that `text` ends with; 0 when none. */
function startOfSecretAtEnd(text: string, secret: string): number {
  for (let length = Math.min(secret.length - 1, text.length); length > 0; length--) {
    if (text.endsWith(secret.slice(0, length))) return length;
  }
  return 0;
}
