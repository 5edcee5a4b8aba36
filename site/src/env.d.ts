declare namespace App {
  interface Locals {
    /** The page's language, from its address (src/middleware.ts). */
    language: import('@fie/domain').Language;
    /** The path the page is written for: the address without its language prefix. */
    path: string;
    /** Set by server/main.mjs for a signed preview render only. */
    preview?: 'draft' | 'published';
  }
}
