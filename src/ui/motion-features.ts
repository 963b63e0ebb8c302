// framer-motion's DOM animation features, in a chunk of their own (see load-motion-features.ts).
export { domAnimation as default } from 'framer-motion';
