// Stand-in for the `server-only` marker package when server code is imported by tests.
export {};
