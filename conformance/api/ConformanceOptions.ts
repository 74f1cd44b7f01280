import type { Area, ConformConfig } from '../config/ConformConfig.ts';
import type { Waiver } from '../plan/waivers.ts';
import type { ProgressEvent } from '../run/RunResult.ts';

/** The test plans a run can follow (--profile). */
export type ProfileName = 'platform' | 'data-action-provider' | 'read-only';

/**
 * What `runConformance` and `describeConformance` take: the command line's options by their API names. Values
 * are merged as the command line merges them: `config`, then `configFile`'s keys, then the CONFORM_* variables of
 * `env`, then `baseUrl`.
 */
export interface ConformanceOptions {
  /** The implementation under test (--base-url; CONFORM_BASE_URL). */
  baseUrl?: string;
  /** The suite's configuration as an object: the keys of a --config file. */
  config?: Partial<ConformConfig>;
  /** A JSON config file (--config), read relative to the working folder. */
  configFile?: string;
  /** The run's seed (--seed): random when absent, and in the report. */
  seed?: number;
  /** SHOULD rules (our own decisions) fail the run instead of warning (--strict). */
  strict?: boolean;
  /**
   * The test plan (--profile): platform by default, or a profile file `{"name", "operations", "areas"?}`
   * (a path ending in .json) naming what the target implements.
   */
  profile?: ProfileName | `${string}.json`;
  /** The operationIds the target implements (--operations): only they are judged, covered and counted. */
  operations?: readonly string[];
  /** Narrows the profile's areas (--only). */
  areas?: readonly Area[];
  /** Send no request that writes (--read-only). */
  readOnly?: boolean;
  /** Random cases per operation of the generative phase (--generate N), or false for none (--no-generate). */
  generate?: number | false;
  /** Re-run one generated case (--replay-case ID) with the seed of the run that found it. */
  replayCase?: string;
  /** A recorded session to replay (--replay FILE.har), with the config it was recorded with (--recorded-config). */
  replay?: string | { har: string; recordedConfig?: string };
  /** A waivers file (--waivers FILE), or the waivers themselves. */
  waivers?: string | readonly Waiver[];
  /** Fail under this percent of the profile's operations covered (--min-coverage). */
  minCoverage?: number;
  /** The whole run's deadline in seconds (--timeout; 900): a run it stops is "incomplete". */
  timeout?: number;
  /** Each request's own deadline in seconds (--request-timeout; 30). */
  requestTimeout?: number;
  /** Extra headers on every request (--header). */
  headers?: Record<string, string>;
  /** Reproducers show secret values instead of $CONFORM_* variables (--show-secrets). */
  showSecrets?: boolean;
  /** Stops the run: steps not started are named as unfinished and the verdict is "incomplete" (unless something failed). */
  signal?: AbortSignal;
  /** Where CONFORM_* variables are read: process.env by default; `{}` reads none. */
  env?: Record<string, string | undefined>;
  /** Called as the run goes (nothing is printed unless this prints it). */
  onProgress?: (event: ProgressEvent) => void;
}
