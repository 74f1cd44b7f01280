// One lint tool for the whole tree: typescript-eslint's recommended rules, plus the project's own habits.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'spec/openapi.d.ts', 'reports/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // Determinism: the clock and the random source are injected (see mock/ and fixtures/).
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Inject the seeded rng instead.' },
        { object: 'Date', property: 'now', message: 'Inject the clock instead.' },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['scripts/**/*.ts', '**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The pages' own scripts run in the browser, next to the Swagger UI bundle the page loads first.
    files: ['mock/**/public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        window: 'readonly',
        document: 'readonly',
        location: 'readonly',
        sessionStorage: 'readonly',
        URLSearchParams: 'readonly',
        SwaggerUIBundle: 'readonly',
      },
    },
  },
  {
    // Tests read response bodies of many shapes; typing each one would add noise, not safety.
    files: ['**/*.test.ts', '**/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
