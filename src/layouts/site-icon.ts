import favicon from './favicon.svg?raw';

/**
 * The site's icon as a data URL, written into every page's <head>: a request of its own was one
 * more before the first paint on a slow phone connection (decision 0026). Made once per process.
 */
export const SITE_ICON_URL = `data:image/svg+xml,${encodeURIComponent(favicon.trim())}`;
