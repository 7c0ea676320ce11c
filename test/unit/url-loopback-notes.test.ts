import { describe, expect, it } from 'vitest';
import { findingsToShow } from '../../electron/core/elicitation/url-descriptions';
import { analyzeUrl, LONG_URL_LENGTH } from '../../shared/url-analysis';

describe('the consent view says "this computer" once', () => {
  // Http://127.0.0.1:PORT read "this computer" in three notes in a row (spec E-URL-4).
  const shown = (url: string) => findingsToShow(analyzeUrl(url));

  it('merges the loopback notes of http://127.0.0.1:PORT into one sentence naming the host and port', () => {
    const notes = shown('http://127.0.0.1:46821/authorize?state=x');
    expect(notes.map((n) => [n.severity, n.message])).toEqual([
      ['info', 'This page is served without encryption (http:) by a program on this computer (127.0.0.1, port 46821); the traffic never leaves this machine.'],
    ]);
  });

  it('does so for localhost with a port and for https to a loopback address too', () => {
    expect(shown('http://localhost:3000/cb').map((n) => n.message)).toEqual([
      'This page is served without encryption (http:) by a program on this computer (localhost, port 3000); the traffic never leaves this machine.',
    ]);
    expect(shown('https://127.0.0.1:8443/').map((n) => n.message)).toEqual(['This page is served by a program on this computer (127.0.0.1, port 8443).']);
  });

  it('leaves a single note, warnings and refusals as they are', () => {
    expect(shown('https://127.0.0.1/')).toEqual(analyzeUrl('https://127.0.0.1/').findings);
    expect(shown('http://1.2.3.4:81/')).toEqual(analyzeUrl('http://1.2.3.4:81/').findings);
    const long = `http://127.0.0.1:9/${'a'.repeat(LONG_URL_LENGTH)}`;
    expect(shown(long).map((n) => n.code)).toEqual(['long-url', 'insecure-http']);
  });
});
