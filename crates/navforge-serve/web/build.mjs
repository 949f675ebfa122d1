// Bundles src/main.js and three.js into dist/app.js. The output depends only on the sources and
// the versions pinned in package-lock.json (no timestamps, paths or source maps), so CI can
// rebuild it and compare it with the committed file byte for byte.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.js'],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  charset: 'utf8',
  legalComments: 'eof',
  outfile: 'dist/app.js',
  logLevel: 'warning',
});
