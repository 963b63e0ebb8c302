import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The API server (npm run dev starts it on PORT, default 8080) answers these paths; Vite forwards them so the
// browser sees one origin, as in production.
const apiOrigin = `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const proxiedPaths = [
  '/api',
  '/uploads',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/emulator',
];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: Object.fromEntries(proxiedPaths.map((p) => [p, { target: apiOrigin, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
  },
});
