/** The demo editions' slugs, as the seed makes them (july, august, september): what "Remove the demo" removes. */
import { demoContent } from './index.ts';

export const DEMO_EDITION_SLUGS: readonly string[] = demoContent.editions.map((demo) => demo.edition.slug);
