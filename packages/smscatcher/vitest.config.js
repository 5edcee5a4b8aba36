import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.js'],
    // Real sockets and a child process: allow more than the 5 s default on a busy 2-core machine.
    testTimeout: 15000,
  },
});
