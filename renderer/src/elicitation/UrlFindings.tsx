import type { UrlFinding } from '../../../shared/url-analysis';
import './UrlFindings.css';

const FINDING_KIND: Record<UrlFinding['severity'], string> = {
  blocked: 'Refused',
  warning: 'Warning',
  info: 'Note',
};

/** Main's findings about an address in plain words, warnings styled as warnings (spec E-URL-4). */
export function UrlFindings({ findings }: { findings: UrlFinding[] }) {
  if (findings.length === 0) return null;
  const warns = findings.some((f) => f.severity !== 'info');
  return (
    <ul className="url-findings" aria-label={warns ? 'Check before opening' : 'About this address'}>
      {findings.map((finding) => (
        <li key={finding.code} className={`url-finding url-finding-${finding.severity}`}>
          <span className="url-finding-kind">{FINDING_KIND[finding.severity]}: </span>
          <span className="plain-text">{finding.message}</span>
        </li>
      ))}
    </ul>
  );
}
