import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../shared/content-security-policy';

const RENDERER_HTML = fileURLToPath(new URL('../../renderer/index.html', import.meta.url));

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name.toLowerCase(), sources.join(' ')]),
  );
}

describe('content security policy', () => {
  const policy = directives(CONTENT_SECURITY_POLICY);

  it("allows scripts and styles from the app's own origin only", () => {
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('style-src')).toBe("'self'");
    expect(policy.get('default-src')).toBe("'self'");
  });

  it('never allows inline code or eval', () => {
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|wasm-unsafe-eval/);
  });

  it('forbids plugins, base rewriting, form posts and framing', () => {
    expect(policy.get('object-src')).toBe("'none'");
    expect(policy.get('base-uri')).toBe("'none'");
    expect(policy.get('form-action')).toBe("'none'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });

  it.skipIf(!existsSync(RENDERER_HTML))(
    "matches the renderer's meta tag, which may add only the harness's loopback WebSocket",
    () => {
      const html = readFileSync(RENDERER_HTML, 'utf8');
      const meta = /<meta[^>]+http-equiv=["']Content-Security-Policy["'][^>]*>/i.exec(html)?.[0];
      expect(meta, 'renderer/index.html has a CSP meta tag').toBeDefined();
      const match = /content=(?:"([^"]*)"|'([^']*)')/i.exec(meta ?? '');
      const metaPolicy = directives(match?.[1] ?? match?.[2] ?? '');
      // In Electron both policies apply, so the header's stricter connect-src wins over the meta tag's.
      const harnessOnly: Record<string, string[]> = { 'connect-src': ['ws://127.0.0.1:*'] };
      // frame-ancestors is ignored in a meta tag, so only the header needs it.
      const names = [...policy.keys()].filter((name) => name !== 'frame-ancestors');
      expect([...metaPolicy.keys()].filter((name) => name !== 'frame-ancestors').sort()).toEqual(names.sort());
      for (const name of names) {
        const extra = harnessOnly[name] ?? [];
        const metaSources = (metaPolicy.get(name) ?? '').split(' ').filter((source) => !extra.includes(source));
        expect(metaSources.join(' '), name).toBe(policy.get(name));
      }
    },
  );
});
