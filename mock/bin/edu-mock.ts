#!/usr/bin/env node
// `npx edu-mock [options]`: the mock from the package (compiled to JavaScript; no TypeScript at run time).
process.env.EDU_MOCK_COMMAND ??= 'edu-mock';
await import('../server.ts');
