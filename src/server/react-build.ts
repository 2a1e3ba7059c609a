/**
 * Which build of React's server renderer this process loaded: "production" or "development".
 * react-dom/server picks its CommonJS file from NODE_ENV when first required, so the module
 * cache names the build that is really rendering pages (logged at start, checked by a test).
 */
import { createRequire } from 'node:module';

export function loadedReactBuild(): 'production' | 'development' | 'not loaded' {
  const files = Object.keys(createRequire(import.meta.url).cache);
  const renderer = files.filter((file) => /react-dom[\\/]cjs[\\/]react-dom-server\b.*\.js$/.test(file));
  if (renderer.length === 0) return 'not loaded';
  return renderer.every((file) => file.includes('.production.')) ? 'production' : 'development';
}
