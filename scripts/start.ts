import { runProduct } from './run-product';

// `npm start`: the built app and the API on one origin (the build runs first, see package.json).
// An argument names another build folder (the end-to-end suite builds into its own).
await runProduct({
  staticDir: process.argv[2] ?? 'dist',
  banner: (_config, url) => ['', `Basha is running at ${url}`],
});
