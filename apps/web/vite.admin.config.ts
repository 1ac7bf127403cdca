import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { catalogues } from './catalogues.ts';

// The operator console (admin.html, served at /admin) is built on its own, after the players' app
// and into the same dist: it shares no chunk with the players' app, so nothing of it (nor any
// split it would cause) reaches the players' first screen.
export default defineConfig({
  // The catalogues: the console's translated pages (configuration, analytics, campaigns). Tailwind:
  // admin.css takes the game's palette from styles/tokens.css's @theme, as the app does.
  plugins: [react(), tailwindcss(), catalogues(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      input: { admin: fileURLToPath(new URL('./admin.html', import.meta.url)) },
      output: {
        entryFileNames: 'admin-assets/[name]-[hash].js',
        chunkFileNames: 'admin-assets/[name]-[hash].js',
        assetFileNames: 'admin-assets/[name]-[hash][extname]',
      },
    },
  },
});
