/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The parsed configuration (src/server/env.ts), set by src/middleware.ts for every page and endpoint. */
    config: import('./server/env.ts').Env;
    /** The signed-in admin on /admin and /api/admin routes (set by src/middleware.ts). */
    admin: import('./server/auth/accounts.ts').AdminUser | null;
    /** On a personal page rendered with its slot: the visitor's part (src/server/page-loaders/cached-personal-pages.ts). */
    personalPage?: import('./server/page-loaders/cached-personal-pages.ts').PersonalPart;
  }
}

/** The site's own addresses, read from the project when it is built (tools/page-routes.mjs). */
declare module 'virtual:page-routes' {
  /** Every file under src/pages, relative to it: "admin/editions/new.astro". */
  export const pageFiles: readonly string[];
  /** The names at the top of public/, served as they are: "podcast-artwork.png". */
  export const publicNames: readonly string[];
}
