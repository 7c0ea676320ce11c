import { createContext, useCallback, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { LinkConsentView } from '../../../shared/views/links';
import { revealInvisible } from '../../../shared/visible-text';
import { errorSentence, useBridge } from '../shell/bridge-context';
import { Modal } from '../shell/Modal';
import './LinkConsent.css';

/** A clicked link main answered `confirm` for, waiting for the user's Open or Cancel. */
export interface LinkConsentRequest {
  url: string;
  /** The link's visible text, sent again with the confirmed open so main checks the same thing. */
  text: string;
  consent: LinkConsentView;
  /** Shows why the confirmed open failed beside the message, when it is still on screen. */
  onError: (sentence: string) => void;
}

/** Asks the user about a link (see {@link LinkConsentHost}); null outside a host, where such links stay closed. */
export const AskLinkConsent = createContext<((request: LinkConsentRequest) => void) | null>(null);

/**
 * Holds the link dialog for a transcript, above its virtualised rows: the message whose link was clicked may scroll
 * out of the rendered range (and unmount) while the dialog is open, and the dialog must not go with it. The dialog
 * is drawn in <body>, so no message or transcript style reaches it. Open asks main with `confirmed`; main checks the
 * address again before it opens anything (spec E-URL-3, E-URL-4).
 */
export function LinkConsentHost({ children }: { children: ReactNode }) {
  const bridge = useBridge();
  const [asking, setAsking] = useState<LinkConsentRequest | null>(null);
  const open = useCallback(() => {
    if (!asking) return;
    setAsking(null);
    bridge.invoke('openExternal', { url: asking.url, text: asking.text, confirmed: true }).catch((error: unknown) => asking.onError(errorSentence(error)));
  }, [asking, bridge]);
  return (
    <AskLinkConsent.Provider value={setAsking}>
      {children}
      {asking && createPortal(<LinkConsent consent={asking.consent} onOpen={open} onCancel={() => setAsking(null)} />, document.body)}
    </AskLinkConsent.Provider>
  );
}

interface LinkConsentProps {
  /** What main found about the link: its real host and why it asks (spec E-URL-3, E-URL-4). */
  consent: LinkConsentView;
  /** The user chose Open: the parent asks main to open the link (main checks it again). */
  onOpen: () => void;
  /** Cancel or Escape: nothing opens. */
  onCancel: () => void;
}

/**
 * Asks before a link from an agent's message opens when main found something to warn about (its text names
 * another host, or URL mode would warn about the address). Everything it names comes from main's parse, never from
 * the link's text. Cancel has the focus, so Enter alone opens nothing; Escape cancels.
 */
export function LinkConsent({ consent, onOpen, onCancel }: LinkConsentProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal label="Open this link?" onClose={onCancel} initialFocus={cancelRef} className="link-consent">
      <h2 className="modal-title">
        Open a link to <HostName host={consent.host} domain={consent.domain} />?
      </h2>
      {consent.hostUnicode && (
        <p className="link-consent-unicode">
          Displayed as <span translate="no">{revealInvisible(consent.hostUnicode)}</span>, which may imitate another name.
        </p>
      )}
      <ul className="link-consent-warnings">
        {consent.warnings.map((warning) => (
          <li key={warning}>{revealInvisible(warning)}</li>
        ))}
      </ul>
      <div className="link-consent-address">
        <p className="link-consent-label">Full address</p>
        <p className="link-consent-url" translate="no">
          {consent.address}
        </p>
      </div>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onOpen}>
          Open
        </button>
        <button type="button" className="button button-primary" ref={cancelRef} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Modal>
  );
}

/** The host with its registrable domain emphasised, as the URL card draws it (spec E-URL-3). */
function HostName({ host, domain }: { host: string; domain?: string }) {
  const prefix = domain && host.endsWith(domain) ? host.slice(0, host.length - domain.length) : '';
  return (
    <span className="link-consent-host" translate="no">
      {prefix && <span className="link-consent-host-prefix">{prefix}</span>}
      <strong className="link-consent-host-domain">{prefix ? domain : host}</strong>
    </span>
  );
}
