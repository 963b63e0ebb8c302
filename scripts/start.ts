import { runProduct } from './run-product';

// `npm start`: the built app and the API on one origin (the build runs first, see package.json).
await runProduct({
  staticDir: 'dist',
  banner: (_config, url) => ['', `Basha is running at ${url}`],
});
