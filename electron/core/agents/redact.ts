/**
 * Redaction of an agent's stderr before anyone sees it in the log view or a diagnostic line
 * (spec E-PRIV-1 in spirit: secrets the user typed must not be shown back in logs).
 *
 * Two nets: the values of the agent's own configured environment (longer than 5 characters, so "1" or
 * "true" are left alone), and token shapes that are recognisable on their own.
 */

const TOKEN_SHAPES: RegExp[] = [
  /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}/g, // OpenAI / Anthropic / Stripe style keys
  /\bgh[pousr]_[A-Za-z0-9]{20,}/g, // GitHub tokens
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g, // Slack tokens
  /\bAKIA[0-9A-Z]{16}\b/g, // AWS access key ids
  /\bAIza[0-9A-Za-z_-]{30,}/g, // Google API keys
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{12,}/gi, // Authorization headers
  /\b((?:api[_-]?key|token|secret|password|passwd|auth)["']?\s*[:=]\s*["']?)[^\s"',;]{6,}/gi, // key=value
];

/** Returns `text` with the values in `secrets` and recognisable token shapes replaced by "‹redacted›". */
export function redactSecrets(text: string, secrets: Iterable<string>): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length > 5) result = result.split(secret).join('‹redacted›');
  }
  for (const shape of TOKEN_SHAPES) {
    result = result.replace(shape, (match, prefix: unknown) => (typeof prefix === 'string' && /[:=]/.test(prefix) ? `${prefix}‹redacted›` : '‹redacted›'));
  }
  return result;
}
