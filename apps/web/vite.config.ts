import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { codeAfterLoad } from './vite-plugins/code-after-load';
import { compileHints } from './vite-plugins/compile-hints';

const API_TARGET = process.env.PORTAL_API_URL ?? 'http://127.0.0.1:3000';
const PROXIED_PATHS = [
  '/wps',
  '/lgw',
  '/lotto',
  '/admin',
  '/vendor',
  '/house/api',
  '/sandbox',
  '/healthz',
  '/readyz',
  '/docs',
];
// Anchored patterns: a plain '/vendor' prefix would also swallow the static '/vendors/*.svg' logos.
const proxy = Object.fromEntries(
  PROXIED_PATHS.map((path) => [
    `^${path}(?=/|\\?|$)`,
    { target: API_TARGET, changeOrigin: false, ws: path === '/wps' },
  ]),
);

export default defineConfig({
  plugins: [react(), codeAfterLoad(), compileHints()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    target: 'es2022',
    // Hashed file names let the service worker and HTTP caches keep /assets/ forever.
    rollupOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
  server: {
    proxy,
  },
  preview: {
    proxy,
  },
});
