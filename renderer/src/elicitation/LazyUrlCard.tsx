import { lazy, Suspense, type ComponentProps } from 'react';
import { CardShell } from './CardShell';

/**
 * The URL card loads the first time a URL-mode request arrives, not at start. It once brought the address analysis
 * (tldts and the public-suffix list) with it; main now analyses the address (architecture rule 10), so the chunk is
 * only the card's own code.
 */
const UrlCardChunk = lazy(() => import('./UrlCard').then((module) => ({ default: module.UrlCard })));

type UrlCardProps = ComponentProps<typeof UrlCardChunk>;

/**
 * {@link UrlCard}, loaded when first needed. Until then the request shows as a card with its header (the agent
 * named, spec E-REQ-7) and no way to open anything: consent is only offered once the address has been analysed.
 */
export function LazyUrlCard(props: UrlCardProps) {
  return (
    <Suspense
      fallback={
        <CardShell item={props.item} sessionName={props.sessionName}>
          <p className="muted">Checking the address…</p>
        </CardShell>
      }
    >
      <UrlCardChunk {...props} />
    </Suspense>
  );
}
