/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in admin on /admin and /api/admin routes (set by src/middleware.ts). */
    admin: import('./server/auth/accounts.ts').AdminUser | null;
  }
}
