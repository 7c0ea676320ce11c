/**
 * Command-line switches a packaged Switchboard refuses before `ready` (docs/security.md, "Fuses"). Each would let
 * another program drive the app — a debugger attached to main or to a renderer — or turn a sandbox off. The fuses
 * already disable Node's inspector arguments and `NODE_OPTIONS`; Chromium's own switches have no fuse, so they
 * are checked here. A development run (`npm run dev`) accepts them.
 */
export const REFUSED_SWITCHES: readonly string[] = [
  'remote-debugging-port',
  'remote-debugging-pipe',
  'remote-debugging-address',
  'inspect',
  'inspect-brk',
  'inspect-port',
  'no-sandbox',
  'disable-gpu-sandbox',
  'no-zygote',
  'disable-web-security',
];

/** The first of {@link REFUSED_SWITCHES} that `hasSwitch` reports (without its dashes), or undefined. */
export function firstRefusedSwitch(hasSwitch: (name: string) => boolean): string | undefined {
  return REFUSED_SWITCHES.find((name) => hasSwitch(name));
}
