/** Nothing answered at the base URL: the run cannot judge anything (exit code 2). */
export class UnreachableError extends Error {
  constructor(
    readonly baseUrl: string,
    readonly reason: string,
  ) {
    super(`the target ${baseUrl} is unreachable: ${reason}`);
    this.name = 'UnreachableError';
  }
}
