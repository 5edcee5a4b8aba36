import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    // Browser-side tests opt in with a `// @vitest-environment jsdom` first line.
    environment: 'node',
  },
});
