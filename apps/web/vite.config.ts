import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { catalogues } from './catalogues.ts';
import { firstScreenMinify } from './first-screen-minify.ts';
import { tonConnectPictures } from './ton-connect-assets.ts';

export default defineConfig({
  // Brotli and gzip copies of every text asset, served as they are by the server (preCompressed).
  plugins: [
    react(),
    tailwindcss(),
    catalogues(),
    tonConnectPictures(),
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  // Images stay files (assetsInlineLimit 0): the start page fetches them beside the scripts, and
  // they are not part of the first screen's JavaScript (bench/web/bundle.mjs).
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    assetsInlineLimit: 0,
    // Telegram's webviews support <link rel="modulepreload"> (Chromium; Safari since 17); where one
    // does not, the chunks still load through their imports, only not ahead of them.
    modulePreload: { polyfill: false },
    // Output plugins run after Vite's own minification (esbuild's) of each chunk.
    rollupOptions: { output: { plugins: [firstScreenMinify()] } },
  },
});
