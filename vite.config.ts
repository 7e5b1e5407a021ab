import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (`npm start`) listens on 3000 by default; the dev server forwards /api there
// so the browser sees one origin, as it does in production where the API server also serves dist/.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: true,
  },
});
