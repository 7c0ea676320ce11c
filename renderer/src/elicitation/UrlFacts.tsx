import type { HostDisplay, HostParts, UrlDescription } from '../../../shared/url-description';
import { UrlText } from './UrlText';
import './UrlFacts.css';

/**
 * The consent view's facts, from main's `analysis`: the host, emphasized, then the full `url` as the agent sent it
 * (spec E-URL-3). For an internationalized host the ASCII (`xn--`) form leads as the largest text (spec E-URL-4).
 */
export function UrlFacts({ url, analysis, idBase }: { url: string; analysis: UrlDescription; idBase: string }) {
  const host = analysis.host;
  const opened = analysis.opensAs;
  return (
    <div className="url-facts">
      <p className="url-label" id={`${idBase}-host-label`}>
        Site
      </p>
      <div id={`${idBase}-host`} aria-labelledby={`${idBase}-host-label`} role="group">
        {!host ? (
          <p className="url-host">This address names no site.</p>
        ) : host.unicode ? (
          // An internationalized name: the ASCII form is the real one, so it leads; the Unicode form, which may
          // imitate a familiar name, follows smaller (spec E-URL-4).
          <>
            <p className="url-host url-host-lead">
              <HostName parts={host.ascii} port={host.port} />
              <span className="url-host-form"> (the actual name)</span>
            </p>
            <p className="url-host url-host-unicode">
              <HostName parts={host.unicode} port={host.port} />
              <span className="url-host-form"> (as it would be displayed; it may imitate another name)</span>
            </p>
          </>
        ) : (
          <p className="url-host">
            <HostName parts={host.ascii} port={host.port} />
          </p>
        )}
      </div>

      <p className="url-label" id={`${idBase}-url-label`}>
        Full address
      </p>
      <UrlText url={url} labelledBy={`${idBase}-url-label`} />
      {opened && (
        <>
          <p className="url-label" id={`${idBase}-opened-label`}>
            Opens as
          </p>
          <UrlText url={opened} labelledBy={`${idBase}-opened-label`} />
        </>
      )}
    </div>
  );
}

/** A host name, its registrable domain emphasized, left to right whatever the page's direction. */
export function HostName({ parts, port }: { parts: HostParts; port?: string }) {
  return (
    <span className="url-host-name" translate="no">
      {parts.prefix && <span className="url-host-prefix">{parts.prefix}</span>}
      <strong className="url-host-domain">{parts.domain}</strong>
      {port && <span className="url-host-prefix">:{port}</span>}
    </span>
  );
}

/** The host alone, for the states after consent, so the user still sees which site the card is about. */
export function CompactHost({ host }: { host: HostDisplay | undefined }) {
  if (!host) return null;
  return (
    <p className="url-compact-host">
      Site: <HostName parts={host.unicode ?? host.ascii} port={host.port} />
      {host.unicode && (
        <>
          {' '}
          (<HostName parts={host.ascii} port={host.port} />)
        </>
      )}
    </p>
  );
}
