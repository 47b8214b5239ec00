import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // PGlite ships WebAssembly + data files and argon2 a native addon: both must be loaded by
  // Node at run time, not bundled by Turbopack/webpack.
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@electric-sql/pglite-pgvector',
    '@node-rs/argon2',
    'pg',
  ],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
