/**
 * The site's icon in the brand's colour (the favicon ignored the brand): the
 * summit's microphone mark on a circle of the brand's primary colour, in the shade that white
 * reads on. An SVG data URL, written into every page's <head> (a request of its own was one more
 * before the first paint on a slow connection, decision 0026).
 */
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export function siteIconUrl(circleColour: string): string {
  // Only a validated colour reaches the SVG; anything else keeps the default violet.
  const fill = HEX_COLOUR.test(circleColour) ? circleColour.toLowerCase() : '#8b5cf6';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32"><circle cx="16" cy="16" r="15" fill="${fill}"/><path d="M11 19a5 5 0 0 0 10 0v-6a5 5 0 0 0-10 0z" fill="#fff"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
