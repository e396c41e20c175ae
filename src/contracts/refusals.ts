// The refusal codes of the API, as types derived from the route contracts: each contract lists the
// codes it may refuse with per status (`failures(...)` in common.ts), and this file gathers them. The
// server's error factories (server/errors.ts) accept only a code some contract lists at the factory's
// status; the app's services, machines and domain modules match `RefusalCode`s, so a misspelt or
// retired code is a compile error on both sides. Which route answers which code is checked by the api
// tests (tests/support/refusal-check.ts). Types only: nothing here exists at run time.
import type { Static, TSchema } from '@sinclair/typebox';
import type { AMBIENT_REFUSALS, FRAMEWORK_REFUSALS, RouteContract, healthContract, metricsContract } from './common';
import type { accountContract } from './account';
import type { activityContract } from './activity';
import type { challengesContract } from './challenges';
import type { contentContract } from './content';
import type { deskSessionContract } from './deskSession';
import type { examsContract } from './exams';
import type { forumContract } from './forum';
import type { importContract } from './import';
import type { lecturesContract } from './lectures';
import type { mediaContract, mediaSiteContract } from './media';
import type { mistakesContract } from './mistakes';
import type { notificationsContract } from './notifications';
import type { pushContract } from './push';
import type { resultsContract } from './results';
import type { staffContract } from './staff';
import type { staffAccountsContract } from './staffAccounts';
import type { staffBatchesContract } from './staffBatches';
import type { staffResultsContract } from './staffResults';
import type { staffScheduleContract } from './staffSchedule';
import type { storageContract } from './storage';
import type { todayContract } from './today';

/** Every record of route contracts in src/contracts (tests/contracts/refusals.test.ts fails on one left out). */
export type ContractRecords =
  | typeof accountContract
  | typeof activityContract
  | typeof challengesContract
  | typeof contentContract
  | typeof deskSessionContract
  | typeof examsContract
  | typeof forumContract
  | typeof importContract
  | typeof lecturesContract
  | typeof mediaContract
  | typeof mediaSiteContract
  | typeof mistakesContract
  | typeof notificationsContract
  | typeof pushContract
  | typeof resultsContract
  | typeof staffContract
  | typeof staffAccountsContract
  | typeof staffBatchesContract
  | typeof staffResultsContract
  | typeof staffScheduleContract
  | typeof storageContract
  | typeof todayContract
  | { health: typeof healthContract; metrics: typeof metricsContract };

type RoutesOf<R> = R extends Record<string, RouteContract> ? R[keyof R] : never;
/** Every route contract of the API. */
export type AnyRoute = RoutesOf<ContractRecords>;

type CodeOf<T> = T extends TSchema ? (Static<T> extends { errors: { code: infer C extends string } } ? C : never) : never;
type Listed<T, S extends number> = S extends keyof T ? (T[S] extends readonly (infer C)[] ? C : never) : never;

/** The codes route R lists at status S (at any status when S is left out). */
export type RefusalOf<R extends RouteContract, S extends number = number> = R extends RouteContract
  ? CodeOf<R['schema']['response'][Extract<keyof R['schema']['response'], S>]>
  : never;

/** A code some contract lists at status S (at any status when S is left out), or one any route may answer. */
export type RefusalCode<S extends number = number> =
  | RefusalOf<AnyRoute, S>
  | Listed<typeof FRAMEWORK_REFUSALS, S>
  | Listed<typeof AMBIENT_REFUSALS, S>
  | (number extends S ? (typeof FRAMEWORK_REFUSALS)[keyof typeof FRAMEWORK_REFUSALS][number] | (typeof AMBIENT_REFUSALS)[keyof typeof AMBIENT_REFUSALS][number] : never);

/** The codes the app's API client gives a call without a usable answer: cancelled, no connection, no session made. */
export type LocalFailureCode = 'aborted' | 'network' | 'noSession';
/** A failed call's code as the app sees it: one the contracts list, or one of the client's own. */
export type FailureCode = RefusalCode | LocalFailureCode;
