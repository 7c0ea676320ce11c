/**
 * Words for the session bar's facts. Pure, unit-tested in Node.
 */
import type { UsageView } from '../../../../shared/views/sessions';

/** "12.3k / 200k tokens · $0.04" (short) and the exact figures (long, for the tooltip). */
export function formatUsage(usage: UsageView): { short: string; long: string } {
  const percent = usage.size > 0 ? Math.min(100, Math.round((usage.used / usage.size) * 100)) : 0;
  const cost = usage.cost ? ` · ${formatCost(usage.cost.amount, usage.cost.currency)}` : '';
  return {
    short: `${compact(usage.used)} / ${compact(usage.size)} tokens${cost}`,
    long: `${usage.used.toLocaleString('en')} of ${usage.size.toLocaleString('en')} tokens of context used (${percent}%)${usage.cost ? `; cost so far ${formatCost(usage.cost.amount, usage.cost.currency)}` : ''}`,
  };
}

function compact(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${trim(n / 1000)}k`;
  return `${trim(n / 1_000_000)}M`;
}

function trim(n: number): string {
  return n >= 100 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, '');
}

/** A cost in its currency; amounts under a cent keep enough digits to be non-zero. */
export function formatCost(amount: number, currency: string): string {
  const digits = amount !== 0 && Math.abs(amount) < 0.01 ? 4 : 2;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency}`; // not an ISO currency code
  }
}
