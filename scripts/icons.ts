/**
 * `npm run icons`: renders every icon file the installers and the app use from the two SVG sources in
 * build/. The outputs are committed, so packaging never needs this step; run it after editing an SVG.
 *
 * - `build/icon.png` (1024 px): electron-builder's source for Linux, and the window icon.
 * - `build/icons/<n>x<n>.png`: the hicolor sizes a Linux desktop entry (AppImage, deb) looks up.
 * - `build/icon.icns` (macOS, 16–1024 px incl. @2x) and `build/icon.ico` (Windows, 16–256 px).
 * - `build/tray/trayTemplate.png` + `@2x`: the menu-bar / tray glyph (a macOS template image: black with
 *   alpha, tinted by the system); `build/tray/tray.png` for Windows and Linux trays, in a light colour.
 * - `build/tray/badge.png`: the Windows taskbar overlay shown while requests wait (a dot; the count is in
 *   its accessible description and the tray tooltip).
 *
 * sharp (libvips) rasterises the SVGs; png2icons packs the ICNS and ICO containers.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import png2icons from 'png2icons';

const buildDir = fileURLToPath(new URL('../build/', import.meta.url));
/** The sizes freedesktop's hicolor theme and electron-builder's Linux targets use. */
export const LINUX_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;

async function render(svg: Buffer, size: number): Promise<Buffer> {
  // The SVG has no width/height, so librsvg draws it at its viewBox size (1024 px); libvips then
  // downsamples with a Lanczos kernel, which keeps the small sizes crisp.
  return sharp(svg)
    .resize(size, size, { kernel: 'lanczos3' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main(): Promise<void> {
  const icon = readFileSync(join(buildDir, 'icon.svg'));
  const tray = readFileSync(join(buildDir, 'tray.svg'));
  mkdirSync(join(buildDir, 'icons'), { recursive: true });
  mkdirSync(join(buildDir, 'tray'), { recursive: true });

  const master = await render(icon, 1024);
  writeFileSync(join(buildDir, 'icon.png'), master);
  for (const size of LINUX_ICON_SIZES) writeFileSync(join(buildDir, 'icons', `${size}x${size}.png`), await render(icon, size));

  const icns = png2icons.createICNS(master, png2icons.BICUBIC, 0);
  const ico = png2icons.createICO(master, png2icons.BICUBIC, 0, true, true);
  if (!icns || !ico) throw new Error('png2icons could not build icon.icns / icon.ico from build/icon.png.');
  writeFileSync(join(buildDir, 'icon.icns'), icns);
  writeFileSync(join(buildDir, 'icon.ico'), ico);

  writeFileSync(join(buildDir, 'tray', 'trayTemplate.png'), await sharp(tray, { density: 72 }).resize(16, 16).png().toBuffer());
  writeFileSync(join(buildDir, 'tray', 'trayTemplate@2x.png'), await sharp(tray, { density: 144 }).resize(32, 32).png().toBuffer());
  // Windows and Linux trays do not tint: the same glyph in a light grey that reads on dark and light bars.
  const light = await sharp(tray, { density: 144 }).resize(32, 32).negate({ alpha: false }).linear(0.85, 0).png().toBuffer();
  writeFileSync(join(buildDir, 'tray', 'tray.png'), light);
  const badge = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="13" fill="#d93025" stroke="#fff" stroke-width="3"/></svg>',
  );
  writeFileSync(join(buildDir, 'tray', 'badge.png'), await sharp(badge, { density: 144 }).resize(32, 32).png().toBuffer());
  console.log(`icons written to ${buildDir}`);
}

await main();
