import { createServer } from 'vite';
import { runProduct } from './run-product';

// `npm run dev`: the API (with the Auth emulator and maildev) plus Vite with hot reload, which forwards API
// calls to it (vite.config.ts), so the browser sees one origin as in production.
await runProduct({
  env: { NODE_ENV: 'development', ...process.env },
  banner: (config) => ['', `Basha API is running on port ${config.port}; the app with hot reload is below.`],
});
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
vite.printUrls();
