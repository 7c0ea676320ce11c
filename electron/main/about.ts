/**
 * The About panel's text: the app's version, the runtime's versions, and the licences of the packages the
 * app ships (its production dependencies, read from their own package.json files inside the app).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One shipped package and its licence as it declares it (SPDX expression), or "see its files". */
export interface ShippedLicence {
  name: string;
  version: string;
  license: string;
}

/** The production dependencies of the app at `appRoot` (the folder holding package.json and node_modules). */
export function shippedLicences(appRoot: string): ShippedLicence[] {
  const readJson = (path: string): Record<string, unknown> | null => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch {
      return null;
    }
  };
  const manifest = readJson(join(appRoot, 'package.json'));
  const names = Object.keys((manifest?.dependencies as Record<string, string> | undefined) ?? {}).sort();
  return names.map((name) => {
    const pkg = readJson(join(appRoot, 'node_modules', name, 'package.json'));
    const license = typeof pkg?.license === 'string' ? pkg.license : 'see its files';
    return { name, version: typeof pkg?.version === 'string' ? pkg.version : '?', license };
  });
}

/** The panel's credits: the runtime and each shipped package with its licence, one a line. */
export function aboutCredits(licences: ShippedLicence[], versions: { electron?: string; chrome?: string; node?: string }): string {
  return [
    `Electron ${versions.electron ?? '?'}, Chromium ${versions.chrome ?? '?'}, Node.js ${versions.node ?? '?'}`,
    'Electron’s and Chromium’s licences: LICENSE.electron.txt and LICENSES.chromium.html beside the app.',
    '',
    'Open-source packages inside Switchboard:',
    ...licences.map((l) => `${l.name} ${l.version} (${l.license})`),
  ].join('\n');
}
