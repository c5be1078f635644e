import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { vendorChunk } from './vendor-chunks';

/** In dev, API and socket calls go to the server on :3000; in production both are one origin. */
const api = { target: 'http://localhost:3000', changeOrigin: false };
/** Paths shared by API calls and app pages (/contest/next vs /contest/abc): browser navigations stay in the SPA. */
const pageOrApi = {
  ...api,
  bypass: (req: { url?: string; headers: { accept?: string } }) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
};
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/signup': { ...api, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/login': { ...api, bypass: (req) => (req.method === 'GET' ? req.url : undefined) },
      '/auth/google': api,
      '/auth/guest': api,
      '/singleplayer/': api,
      '/contest/': pageOrApi,
      '/admin/': api,
      '/socket.io': { ...api, ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: true, rollupOptions: { output: { manualChunks: vendorChunk } } },
});
