import { useState } from 'react';
import './CopyAddress.css';

/**
 * Copies the address the user is to open themselves (the "Nothing opened" card
 * left them to select it by hand). Says "Address copied" in a polite status, or that copying failed.
 */
export function CopyAddress({ url }: { url: string }) {
  const [said, setSaid] = useState<string | null>(null);
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Address copied');
    } catch {
      setSaid('Could not copy: select the address and copy it');
    }
  }
  return (
    <p className="url-copy">
      <button type="button" className="button" onClick={() => void copy()}>
        Copy address
      </button>{' '}
      <span role="status" className="muted">
        {said}
      </span>
    </p>
  );
}
