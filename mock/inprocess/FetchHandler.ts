/**
 * A WHATWG Fetch handler: what Next.js route handlers, Bun, Deno, Cloudflare Workers and service workers call.
 * A module of its own, importing nothing: the declarations of the package's `.` entry name it without
 * reaching the lifecycle's modules, whose types mention Node's (a project without @types/node checks them).
 */
export type FetchHandler = (request: Request) => Promise<Response>;
