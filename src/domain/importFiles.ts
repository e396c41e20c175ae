// The files the desk's import takes: the app checks them before sending, the server again.

/** The largest file the desk takes: a 10,000-student sheet is about 1 MB. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_FILE_TYPES = ['.xlsx', '.csv', '.json'] as const;

/** The realtime event an administrator's desk hears for each change of an import job (the contract's ImportJob). */
export const IMPORT_JOB_EVENT = 'importJob';
