import { minify } from 'terser';
import type { Plugin } from 'vite';

/**
 * The first screen's chunks minified once more, by Terser after Vite's esbuild: Terser's compressor
 * (two passes) finds about 3 kB (gzip) that esbuild leaves in the start and React's
 * renderer (bench/web/bundle.mjs). The other chunks stay esbuild's only: Terser on all of them
 * (the TON Connect widget, the debug console) would make the build about twice as long for
 * screens that load after the first.
 *
 * The first screen's chunks are those holding the entry, React's renderer or the start.
 */
const FIRST_SCREEN = /[\\/]src[\\/](main\.tsx|app[\\/]react-dom\.ts|app[\\/]start\.tsx)$/;

export function firstScreenMinify(): Plugin {
  return {
    name: 'egg-rush-first-screen-minify',
    async renderChunk(code, chunk) {
      if (!chunk.moduleIds.some((id) => FIRST_SCREEN.test(id))) return null;
      const minified = await minify(code, { module: true, ecma: 2020, compress: { passes: 2 } });
      if (minified.code === undefined) this.error(`Terser returned nothing for ${chunk.fileName}`);
      return { code: minified.code, map: null };
    },
  };
}
