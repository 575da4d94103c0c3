// Renders the app's icons from the logo (public/favicon.svg) with sharp, into public/ (committed):
//   node apps/web/pwa/make-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public');
const logo = fs.readFileSync(path.join(publicDir, 'favicon.svg'));
/** Full-bleed for launchers that cut their own shape: the play mark inside the central safe circle (40%). */
const fullBleed = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" fill="#e50914"/><path d="M26 21.5v21L43 32z" fill="#fff"/></svg>',
);

const render = (svg, size, file) =>
  sharp(svg, { density: 72 * Math.ceil(size / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, file));

await render(logo, 192, 'icon-192.png');
await render(logo, 512, 'icon-512.png');
await render(fullBleed, 512, 'icon-maskable-512.png');
await render(fullBleed, 180, 'apple-touch-icon.png');
console.log('icons written to', publicDir);
