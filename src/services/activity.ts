// The desk's activity-log calls (contract: src/contracts/activity.ts), with a staff session.
import { api } from './api';
import type { ActivityQuery, activityContract } from '../contracts/activity';
import { activityPaths } from '../contracts/paths';

type Activity = typeof activityContract;

export const activityApi = {
  list: (query: ActivityQuery) => api.call<Activity['list']>('GET', activityPaths.activity, { query }),
  /** The filtered log as a sheet to save: CSV or XLSX. */
  sheet: (query: Omit<ActivityQuery, 'page' | 'limit'> & { format: 'csv' | 'xlsx' }) => api.file<Activity['sheet']>(activityPaths.sheet, { query }),
};
