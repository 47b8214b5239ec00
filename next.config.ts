import type { NextConfig } from 'next';

// Issue 14: security headers on every response. Next's own inline bootstrap scripts need
// 'unsafe-inline' without a per-request nonce; everything else is same-origin only, nothing may
// frame the app, and the dev server's refresh also needs 'unsafe-eval'. form-action is left
// open because OAuth sign-in ends in a redirect to the provider.
const dev = process.env.NODE_ENV !== 'production';
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS = [
  { key: 'Content-Security-Policy', value: CONTENT_SECURITY_POLICY },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

const nextConfig: NextConfig = {
  // PGlite ships WebAssembly + data files and argon2 a native addon: both must be loaded by
  // Node at run time, not bundled by Turbopack/webpack. rate-limiter-flexible's Drizzle store
  // loads drizzle-orm by a computed import() at call time, which only Node itself can resolve.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-pgvector',
    '@node-rs/argon2',
    'pg',
    'rate-limiter-flexible',
  ],
  poweredByHeader: false,
  // `npm run dev`'s indicator sits bottom-left by default, over the sidebar's "Memory" link (the
  // way into settings); top-right covers only the model's name.
  devIndicators: { position: 'top-right' },
  typedRoutes: false,
  headers: () => Promise.resolve([{ source: '/:path*', headers: SECURITY_HEADERS }]),
};

export default nextConfig;
