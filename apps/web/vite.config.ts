import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { catalogues } from './catalogues.ts';

export default defineConfig({
  // Brotli and gzip copies of every text asset, served as they are by the server (preCompressed).
  plugins: [react(), tailwindcss(), catalogues(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: { outDir: 'dist', target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 800 },
});
